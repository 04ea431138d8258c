import { type FormErrors, schemaResolver, type UseFormReturnType } from '@mantine/form';
import type { FormEvent } from 'react';

/** What `schemaResolver` takes: a contract's zod schema (a Standard Schema). */
type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A form's rules from a contract's schema that loads beside its screen instead of before it: zod and
 * the contracts' schemas are 23 KB gzip that a form needs only once something is typed or sent (on
 * the phone profile they held the screen's first paint back). `rules` is the schema's import,
 * started as the screen's module runs, so it is in long before a save; until then `validate`
 * judges nothing, and `onSubmit` waits for it before judging and sending. The server checks every
 * send in any case: these rules only say it sooner, under the field.
 */
export function lazyFormRules<Values extends Record<string, unknown>>(rules: Promise<Schema>) {
  let resolve: ((values: Values) => FormErrors) | null = null;
  const ready = rules.then((schema) => {
    resolve = schemaResolver(schema, { sync: true }) as (values: Values) => FormErrors;
  });
  return {
    /** `useForm({ validate })`. */
    validate: (values: Values): FormErrors => resolve?.(values) ?? {},
    /** In place of `form.onSubmit(handler)`: the same, once the rules are in. */
    onSubmit:
      (form: UseFormReturnType<Values>, handler: (values: Values) => void | Promise<unknown>) =>
      (event?: FormEvent<HTMLFormElement>) => {
        event?.preventDefault();
        void ready.then(() => form.onSubmit(handler)());
      },
  };
}
