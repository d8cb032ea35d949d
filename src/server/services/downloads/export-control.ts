import { countryCode, embargoedFields } from '../../../common/countries.js';
import {
  embargoMessage,
  UNITED_STATES,
  unitedStatesOnAddressFormMessage,
} from '../../../common/downloads.js';
import type { DownloadRequest } from '../../../common/contracts/downloads.js';
import { ServiceError } from '../../lib/errors.js';

/** Where a download goes, as the compliance trail records it (countries as alpha-2 codes). */
export interface Destination {
  deploymentCountry: string | null;
  deploymentAddress1: string | null;
  deploymentAddress2: string | null;
  deploymentState: string | null;
  companyCountry: string | null;
  companyAddress1: string | null;
  companyAddress2: string | null;
  companyState: string | null;
}

const NO_DESTINATION: Destination = {
  deploymentCountry: null,
  deploymentAddress1: null,
  deploymentAddress2: null,
  deploymentState: null,
  companyCountry: null,
  companyAddress1: null,
  companyAddress2: null,
  companyState: null,
};

const missing = (field: string) => new ServiceError('INVALID_INPUT', `body.${field}: is required`);

function country(field: 'deploymentCountry' | 'companyCountry', written: string | undefined): string {
  if (!written) throw missing(field);
  const code = countryCode(written);
  if (!code) throw new ServiceError('INVALID_INPUT', `body.${field}: must be a country name or ISO code`);
  return code;
}

const present = (value: string | undefined) => (value && value.length > 0 ? value : null);

/** The deployment address fields, which only a deployment outside the United States gives. */
const US_PATH_REFUSES = ['deploymentAddress1', 'deploymentAddress2', 'deployementState'] as const;

/**
 * The export-control rules of spec section 5, on the server (the brief: the wizard's check alone is not
 * enough). An embargoed deployment or company country, by name or code, is refused with the section 5
 * message (403) before anything else is checked and before anything is recorded: a request that states an
 * embargoed destination gets no URL, whatever the file and whatever else it lacks, and its sender learns the
 * reason that decides it rather than a missing field. Then an image or its checksum needs a deployment
 * country, and outside the United States also the required address fields and the company country (400).
 */
export function checkDestination(
  request: DownloadRequest,
  rules: { embargoed: readonly string[]; productName: string },
): Destination {
  if (embargoedFields(request, rules.embargoed).length > 0) {
    throw new ServiceError('FORBIDDEN', embargoMessage(rules.productName));
  }
  // A Postman collection describes an API; it is not an export-controlled image, so it needs no destination
  // and none is recorded (the API Collection page asks none).
  if (request.fileType === 'Postman') return NO_DESTINATION;
  const deploymentCountry = country('deploymentCountry', request.deploymentCountry);
  const companyCountry =
    deploymentCountry === UNITED_STATES && !request.companyCountry
      ? null
      : country('companyCountry', request.companyCountry);
  if (deploymentCountry === UNITED_STATES) {
    // The address form is the path for deployments outside the United States: a request that gives a
    // deployment address names the United States by mistake, and is refused rather than recorded as a US one.
    if (US_PATH_REFUSES.some((field) => present(request[field]))) {
      throw new ServiceError('INVALID_INPUT', unitedStatesOnAddressFormMessage(rules.productName));
    }
    return { ...NO_DESTINATION, deploymentCountry, companyCountry };
  }
  const required = (
    field: 'deploymentAddress1' | 'deployementState' | 'companyAddress1' | 'companyState',
  ) => {
    const value = present(request[field]);
    if (!value) throw missing(field);
    return value;
  };
  return {
    deploymentCountry,
    deploymentAddress1: required('deploymentAddress1'),
    deploymentAddress2: present(request.deploymentAddress2),
    deploymentState: required('deployementState'),
    companyCountry,
    companyAddress1: required('companyAddress1'),
    companyAddress2: present(request.companyAddress2),
    companyState: required('companyState'),
  };
}
