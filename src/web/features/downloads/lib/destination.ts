import { ADDRESS_FIELDS, UNITED_STATES, type AddressFieldName } from '../../../../common/downloads';
import type { DownloadRequest } from '../../../../common/contracts/downloads';

/** What stage 2 holds while the user types: every field as text, countries as ISO codes ('' = none). */
export type AddressDraft = Record<AddressFieldName, string>;

export const EMPTY_ADDRESS: AddressDraft = Object.fromEntries(
  ADDRESS_FIELDS.map((field) => [field.name, '']),
) as AddressDraft;

/** Spec section 5: the required fields left empty. */
export function missingAddressFields(draft: AddressDraft): AddressFieldName[] {
  return ADDRESS_FIELDS.filter((field) => field.required && draft[field.name].trim() === '').map(
    (field) => field.name,
  );
}

/** Where the files go, as the download call takes it: the US alone, or the whole address. */
export type Destination = Omit<DownloadRequest, 'fileType' | 'fileName' | 'user' | 'email'>;

export function destinationOf(inUnitedStates: boolean, draft: AddressDraft): Destination {
  if (inUnitedStates) return { deploymentCountry: UNITED_STATES };
  const trimmed = Object.fromEntries(
    Object.entries(draft).map(([key, value]) => [key, value.trim()]),
  ) as AddressDraft;
  return trimmed;
}
