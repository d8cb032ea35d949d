import {
  Alert,
  Button,
  Group,
  Select,
  TextInput,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { COUNTRIES, embargoedFields, searchCountries } from '../../../../common/countries';
import {
  ADDRESS_FIELDS,
  embargoMessage,
  UNITED_STATES,
  type AddressFieldName,
} from '../../../../common/downloads';
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

const ALL_COUNTRIES = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));
/** This form is the path for deployments outside the United States (stage 1's No): the US is not offered. */
const DEPLOYMENT_COUNTRIES = ALL_COUNTRIES.filter((country) => country.value !== UNITED_STATES);

/** Finds a country by any of its names and short names ('UK', 'USA', 'Turkey'), the best match first. */
const filterCountries: OptionsFilter = ({ options, search }) => {
  const items = options
    .filter((option): option is ComboboxItem => 'value' in option)
    .map((item) => ({ code: item.value, item }));
  return searchCountries(search, items).map((entry) => entry.item);
};

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
  /** Counts refused Continues: each one brings the summary into view and focus, also when it says the same. */
  const [refusals, setRefusals] = useState(0);
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (refusals === 0) return;
    // The summary is at the top of the form and Continue at its bottom: without this a phone user (or a
    // screen-reader user) is left below the fields with the reason off-screen.
    summary.current?.scrollIntoView({ block: 'start' });
    summary.current?.focus({ preventScroll: true });
  }, [refusals]);

  const refuse = (next: Problem) => {
    setProblem(next);
    setRefusals((count) => count + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The embargo first, as the download API checks it: an embargoed country ends the request whatever else
    // is missing, so the user is not sent to fill in fields for a download that cannot happen.
    const embargoed = embargoedFields(draft, config.embargoedCountries);
    if (embargoed.length > 0) return refuse({ kind: 'embargo', fields: embargoed });
    const missing = missingAddressFields(draft);
    if (missing.length > 0) return refuse({ kind: 'missing', fields: missing });
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
        <Alert
          ref={summary}
          color="red"
          role="alert"
          id="address-problem"
          mb="md"
          tabIndex={-1}
          className={classes.summary}
        >
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
                data={field.name === 'deploymentCountry' ? DEPLOYMENT_COUNTRIES : ALL_COUNTRIES}
                filter={filterCountries}
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
