import { Group, TextInput } from '@mantine/core';
import { AUDIT_ACTION_LABELS } from '@reseau/contracts/constants/audit-log';
import { useMemo } from 'react';
import { useAgencies } from '../../../api/agencies';
import { useAuditLogPeople } from '../../../api/audit-log';
import { FiltersBar } from '../../../components/FiltersBar';
import { Select } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import type { ParamParser } from '../../../lib/use-list-params';

/** A day of the address (`yyyy-MM-dd`), empty when absent or malformed. */
export const dayParam = (): ParamParser<string> => ({
  parse: (raw) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : ''),
  serialize: (value) => value || null,
});

export interface AuditFilterValues {
  personId: number | null;
  action: string;
  agencyId: number | null;
  dateFrom: string;
  dateTo: string;
}

type SetFilter = <K extends keyof AuditFilterValues>(name: K, value: AuditFilterValues[K]) => void;

/** The actions' French names, by name. */
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'fr'));

const asId = (value: string | null) => (value ? Number(value) : null);

/** The bar of filters: person and action (searchable), agency, and the period's two days. */
export function AuditLogFiltersBar({ values, setFilter }: { values: AuditFilterValues; setFilter: SetFilter }) {
  const { t } = useTranslation();
  const people = useAuditLogPeople();
  const agencies = useAgencies();
  const personOptions = useMemo(() => (people.data ?? []).map((p) => ({ value: String(p.id), label: p.name })), [people.data]);
  const agencyOptions = useMemo(
    () =>
      (agencies.data ?? [])
        .map((a) => ({ value: String(a.id), label: a.name }))
        .sort((a, b) => a.label.localeCompare(b.label, 'fr')),
    [agencies.data],
  );
  // What the three choices share: typed to search, emptied to show everything.
  const choice = {
    searchable: true,
    clearable: true,
    nothingFoundMessage: t('auditLog.filters.nothingFound'),
    w: { base: '100%', xs: 220 },
  } as const;
  return (
    <FiltersBar>
      <Select
        label={t('auditLog.filters.person')}
        placeholder={t('auditLog.filters.everyone')}
        data={personOptions}
        value={values.personId === null ? null : String(values.personId)}
        onChange={(v) => setFilter('personId', asId(v))}
        {...choice}
      />
      <Select
        label={t('auditLog.filters.action')}
        placeholder={t('auditLog.filters.allActions')}
        data={ACTION_OPTIONS}
        value={values.action || null}
        onChange={(v) => setFilter('action', v ?? '')}
        {...choice}
      />
      <Select
        label={t('auditLog.filters.agency')}
        placeholder={t('auditLog.filters.allAgencies')}
        data={agencyOptions}
        value={values.agencyId === null ? null : String(values.agencyId)}
        onChange={(v) => setFilter('agencyId', asId(v))}
        {...choice}
      />
      <Group gap="sm" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
        <TextInput
          type="date"
          label={t('auditLog.filters.dateFrom')}
          value={values.dateFrom}
          max={values.dateTo || undefined}
          onChange={(event) => setFilter('dateFrom', event.currentTarget.value)}
          size="sm"
          w={{ base: 0, xs: 170 }}
          flex={{ base: 1, xs: 'none' }}
        />
        <TextInput
          type="date"
          label={t('auditLog.filters.dateTo')}
          value={values.dateTo}
          min={values.dateFrom || undefined}
          onChange={(event) => setFilter('dateTo', event.currentTarget.value)}
          size="sm"
          w={{ base: 0, xs: 170 }}
          flex={{ base: 1, xs: 'none' }}
        />
      </Group>
    </FiltersBar>
  );
}
