import { Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SearchHit } from '@reseau/contracts/schemas/search';
import { IconKeyOff, IconLock, IconSearch, IconSearchOff } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../api/http';
import { useSearchables, useSearchKey } from '../../../api/searchables';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { LoadError } from '../../../components/LoadError';
import { Modal } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { hitTypeOf } from './hit-types';
import { SearchHitCard } from './SearchHitCard';
import classes from './SearchPage.module.css';

/**
 * `/intranet/search?q=` (spec 02 §2): the query form (only a non-blank trimmed query is sent),
 * the hits 20 at a time with "load more", each typed by its meta id. A hit is opened after its
 * entity's own read call answers: a refusal (403, 404) opens the authorization message instead of
 * a page that would fail to load.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [text, setText] = useState(query);
  const [checking, setChecking] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  // The header's box changes the address while this page is open: the form follows it.
  useEffect(() => setText(query), [query]);

  const key = useSearchKey(query.length > 0);
  const hits = useSearchables(query);
  const pages = hits.data?.pages ?? [];
  const items = pages.flatMap((page) => page.searchables);
  const totalCount = pages[0]?.totalCount ?? 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = text.trim();
    if (!next) return;
    setParams({ q: next });
  }

  async function open(hit: SearchHit) {
    const type = hitTypeOf(hit.metaId);
    if (!type) return setRefused(true);
    setChecking(hit.metaId);
    try {
      await api.get(type.readPath(hit.entityId));
      navigate(hit.url);
    } catch (error) {
      if (isApiError(error) && (error.status === 403 || error.status === 404)) setRefused(true);
      else notifyError(t('globalSearch.openFailed'));
    } finally {
      setChecking(null);
    }
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('pages.search')}
      </Title>
      <search className={classes.form}>
        <form onSubmit={submit}>
          <Group gap="sm" align="flex-end">
            <TextInput
              type="search"
              label={t('globalSearch.label')}
              placeholder={t('globalSearch.placeholder')}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: '1 1 240px', minWidth: 0 }}
            />
            <Button type="submit" disabled={text.trim().length === 0}>
              {t('globalSearch.submit')}
            </Button>
          </Group>
        </form>
      </search>

      {query.length === 0 ? (
        <EmptyBlock icon={<IconSearch size={28} />} title={t('globalSearch.prompt')} text={t('globalSearch.promptText')} />
      ) : key.isError ? (
        <LoadError
          variant="alert"
          icon={<IconKeyOff size={20} aria-hidden="true" />}
          title={t('globalSearch.noKey')}
          message={t('globalSearch.noKeyText')}
          retrying={key.isFetching}
          onRetry={() => key.refetch().then(() => hits.refetch())}
        />
      ) : hits.isError && items.length === 0 ? (
        <LoadError variant="alert" message={t('globalSearch.loadFailed')} retrying={hits.isFetching} onRetry={hits.refetch} />
      ) : hits.isPending ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')} maw={860}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={96} radius="md" />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <EmptyBlock
          icon={<IconSearchOff size={28} />}
          title={t('globalSearch.empty', { query })}
          text={t('globalSearch.emptyText')}
        />
      ) : (
        <Stack gap="md">
          <Text c="dimmed" size="sm" aria-live="polite">
            {t(totalCount > 1 ? 'globalSearch.count' : 'globalSearch.countOne', { count: totalCount, query })}
          </Text>
          <ul className={classes.hits} aria-label={t('globalSearch.listLabel', { query })}>
            {items.map((hit) => (
              <li key={hit.metaId}>
                <SearchHitCard hit={hit} checking={checking === hit.metaId} onOpen={(h) => void open(h)} />
              </li>
            ))}
          </ul>
          {hits.isFetchNextPageError ? (
            <Text c="red" size="sm" role="alert">
              {t('globalSearch.loadFailed')}
            </Text>
          ) : null}
          {hits.hasNextPage ? (
            <Group maw={860} justify="center">
              <Button variant="light" loading={hits.isFetchingNextPage} onClick={() => void hits.fetchNextPage()}>
                {t('globalSearch.loadMore')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}

      <Modal
        opened={refused}
        onClose={() => setRefused(false)}
        centered
        title={
          <Group gap="xs">
            <IconLock size={18} aria-hidden="true" />
            <Text fw={700}>{t('forbidden.title')}</Text>
          </Group>
        }
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="lg">
          <Text>{t('errors.forbidden')}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setRefused(false)} data-autofocus>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
