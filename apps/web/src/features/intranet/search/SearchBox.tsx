import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n';

/** Header search of intranet admins: only a non-blank trimmed query leaves (spec 00 §2). */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [query, setQuery] = useState(params.get('q') ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    navigate(`/intranet/search?q=${encodeURIComponent(q)}`);
  }

  return (
    <search style={{ flex: '1 1 160px', minWidth: 0, maxWidth: 360 }}>
      <form onSubmit={submit}>
        <TextInput
          type="search"
          size="sm"
          radius="xl"
          aria-label={t('shell.search')}
          placeholder={t('shell.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </form>
    </search>
  );
}
