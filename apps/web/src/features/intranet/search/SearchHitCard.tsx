import { Anchor, Badge, Card, Group, Loader, Text, ThemeIcon } from '@mantine/core';
import type { SearchHit } from '@reseau/contracts/schemas/search';
import { IconQuestionMark } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { hitTypeOf } from './hit-types';
import classes from './SearchPage.module.css';
import { snippetParts } from './snippet';

/**
 * One hit: its type (icon and label, from the meta id's prefix), its title as a link to its
 * target and the excerpt with the matched words marked. The link keeps its address (open in a
 * new tab, keyboard), but a plain click asks the page to check the target first.
 */
export function SearchHitCard({ hit, checking, onOpen }: { hit: SearchHit; checking: boolean; onOpen(hit: SearchHit): void }) {
  const { t } = useTranslation();
  const type = hitTypeOf(hit.metaId);
  const Icon = type?.icon ?? IconQuestionMark;
  const label = type ? t(type.labelKey) : t('globalSearch.types.other');

  function click(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(hit);
  }

  return (
    <Card withBorder radius="md" padding="md" className={classes.hit}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
          <Icon size={22} />
        </ThemeIcon>
        <div className={classes.hitBody}>
          <Group gap="xs" mb={4}>
            <Badge variant="light" size="sm">
              {label}
            </Badge>
            {checking ? <Loader size={14} aria-label={t('globalSearch.checking')} /> : null}
          </Group>
          <Anchor href={hit.url} onClick={click} fw={700} className={classes.hitTitle}>
            {hit.title}
          </Anchor>
          <Text size="sm" c="dimmed" mt={4} className={classes.snippet}>
            {snippetParts(hit.snippet).map((part, i) =>
              part.match ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one excerpt never move
                <mark key={i}>{part.text}</mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one excerpt never move
                <span key={i}>{part.text}</span>
              ),
            )}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
