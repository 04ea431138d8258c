import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { parsePeriod } from './period';

/**
 * The period typed as text (spec 02 §4): kept in the address once it reads as a period (on
 * Enter or when the field is left); an empty field is the default period.
 */
export function PeriodInput({
  value,
  placeholder,
  onChange,
}: {
  value: string;
  placeholder: string;
  onChange(text: string): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    const trimmed = text.trim();
    const ok = trimmed === '' || parsePeriod(trimmed) !== null;
    setInvalid(!ok);
    if (ok && trimmed !== value) onChange(trimmed);
  };
  return (
    <TextInput
      label={t('signature.filters.period')}
      description={t('signature.filters.periodHelp')}
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        setInvalid(false);
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
      error={invalid ? t('signature.filters.periodInvalid') : undefined}
    />
  );
}
