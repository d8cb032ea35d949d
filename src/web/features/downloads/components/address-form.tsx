import { Alert, Button, Group, Select, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { COUNTRIES, embargoedFields } from '../../../../common/countries';
import { ADDRESS_FIELDS, embargoMessage, type AddressFieldName } from '../../../../common/downloads';
import { usePortalConfig } from '../../../lib/portal-config-context';
import { missingAddressFields, type AddressDraft } from '../lib/destination';
import classes from './downloads.module.css';

export const REQUIRED_MESSAGE = 'Please fill all required fields';

type Problem =
  { kind: 'missing'; fields: AddressFieldName[] } | { kind: 'embargo'; fields: AddressFieldName[] };

/** Browser autofill per address: `section-*` keeps the deployment and the company addresses apart. */
function autocompleteOf(name: AddressFieldName, group: string): string {
  if (name.endsWith('Address1')) return `section-${group} address-line1`;
  if (name.endsWith('Address2')) return `section-${group} address-line2`;
  return 'off';
}

const GROUPS = [
  { legend: 'Deployment address', prefix: 'deployment' },
  { legend: 'Company headquarters address', prefix: 'company' },
] as const;

/**
 * Stage 2 (spec sections 2 and 5): the deployment and company headquarters addresses. The draft lives in the
 * wizard, so Back and a refused Continue keep everything typed. Continue checks the embargo, then the
 * required fields (the server checks both again, in that order, on every download).
 */
export function AddressForm({
  draft,
  onChange,
  onBack,
  onContinue,
}: {
  draft: AddressDraft;
  onChange: (draft: AddressDraft) => void;
  onBack: () => void;
  onContinue: () => void;
}) {
  const config = usePortalConfig();
  const [problem, setProblem] = useState<Problem | null>(null);
  const countries = useMemo(
    () => COUNTRIES.map((country) => ({ value: country.code, label: country.name })),
    [],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The embargo first, as the download API checks it: an embargoed country ends the request whatever else
    // is missing, so the user is not sent to fill in fields for a download that cannot happen.
    const embargoed = embargoedFields(draft, config.embargoedCountries);
    if (embargoed.length > 0) return setProblem({ kind: 'embargo', fields: embargoed });
    const missing = missingAddressFields(draft);
    if (missing.length > 0) return setProblem({ kind: 'missing', fields: missing });
    setProblem(null);
    onContinue();
  };

  const set = (name: AddressFieldName, value: string) => {
    onChange({ ...draft, [name]: value });
    // A field the user corrects is no longer marked; the others stay until the next Continue.
    if (problem?.fields.includes(name)) {
      const fields = problem.fields.filter((field) => field !== name);
      setProblem(fields.length > 0 ? { ...problem, fields } : null);
    }
  };

  const errorOf = (name: AddressFieldName) =>
    problem?.fields.includes(name)
      ? problem.kind === 'missing'
        ? 'Required'
        : 'Embargoed country'
      : undefined;

  return (
    <form onSubmit={submit} noValidate aria-describedby={problem ? 'address-problem' : undefined}>
      {problem ? (
        <Alert color="red" role="alert" id="address-problem" mb="md">
          {problem.kind === 'missing' ? REQUIRED_MESSAGE : embargoMessage(config.product.name)}
        </Alert>
      ) : null}
      {GROUPS.map((group) => (
        <fieldset key={group.prefix} className={classes.fieldset}>
          <legend>{group.legend}</legend>
          {ADDRESS_FIELDS.filter((field) => field.group === group.prefix).map((field) =>
            field.name.endsWith('Country') ? (
              <Select
                key={field.name}
                label={field.label}
                required
                searchable
                selectFirstOptionOnChange
                nothingFoundMessage="No country matches"
                placeholder="Type to search"
                data={countries}
                value={draft[field.name] || null}
                onChange={(value) => set(field.name, value ?? '')}
                error={errorOf(field.name)}
                comboboxProps={{ withinPortal: true }}
              />
            ) : (
              <TextInput
                key={field.name}
                label={field.label}
                required={field.required}
                value={draft[field.name]}
                onChange={(event) => set(field.name, event.currentTarget.value)}
                error={errorOf(field.name)}
                maxLength={200}
                autoComplete={autocompleteOf(field.name, field.group)}
              />
            ),
          )}
        </fieldset>
      ))}
      <Group gap="sm">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button type="submit">Continue</Button>
      </Group>
    </form>
  );
}
