import { ActionIcon, Group, NumberInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Tooltip } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import { deferredCode } from '../../../lib/deferred-code';

/** A NumberInput of euros, the way a French user writes them: `1 234,50 €`. */
export const EURO_INPUT = {
  decimalScale: 2,
  decimalSeparator: ',',
  thousandSeparator: ' ',
  allowNegative: false,
  hideControls: true,
  rightSection: '€',
} as const;

/**
 * The contract's rule of a price, needed only once a price is sent: zod and the prestations'
 * schemas (23 KB gzip) are not part of the screen's first load (on the phone profile they held
 * its first paint back). Fetched once the screen is up and the browser idle (lib/deferred-code.ts),
 * or at the first save. If it cannot load, the browser checks nothing and the server's refusal is
 * shown, as with lib/form-action-core.ts lazySchemaResolver.
 */
const rules = deferredCode(() => import('@reseau/contracts/schemas/prestations'));
const priceRule = () =>
  rules.load().then(
    (m) => m.price,
    () => null,
  );

/**
 * A price in euros (the API's unit, two decimals at most) saved on its own: Enter or the save
 * button sends it once it differs from the stored one; the contract's rule checks it first.
 */
export function PriceField({
  name,
  value,
  saving,
  onSave,
}: {
  /** The prestation's title: the field and its button are named after it. */
  name: string;
  value: number | null;
  saving: boolean;
  onSave: (price: number) => void;
}) {
  const { t } = useTranslation();
  // The rule comes at idle time after the screen is up (at once on a save, if not in by then).
  rules.useCode(false);
  // What is typed, tied to the stored price it started from: a new stored price replaces it.
  const [draft, setDraft] = useState<{ from: number | null; text: number | string }>({ from: value, text: value ?? '' });
  const text = draft.from === value ? draft.text : (value ?? '');
  const [error, setError] = useState<string | null>(null);
  const changed = text !== '' && Number(text) !== value;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed) return;
    const price = typeof text === 'number' ? text : Number(text);
    const parsed = (await priceRule())?.safeParse(price);
    if (parsed && !parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    onSave(parsed ? parsed.data : price);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <NumberInput
          aria-label={t('prestations.priceOf', { name })}
          placeholder={t('prestations.noPrice')}
          value={text}
          onChange={(next) => {
            setError(null);
            setDraft({ from: value, text: next });
          }}
          {...EURO_INPUT}
          w={130}
          size="sm"
          error={error}
        />
        <Tooltip label={t('prestations.savePrice')}>
          <ActionIcon
            type="submit"
            size="lg"
            variant="light"
            loading={saving}
            disabled={!changed}
            aria-label={t('prestations.savePriceOf', { name })}
          >
            <IconDeviceFloppy size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
    </form>
  );
}
