import { type FormErrors, schemaResolver } from '@mantine/form';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A Mantine form resolver whose contract schema is loaded by the form's first use instead of
 * with the route: the login route's 150 KB budget has no room for zod (decisions.md). Call
 * `preload` when the visitor reaches the form (focus); blur and submit wait for the schema.
 * If it cannot load, nothing is checked in the browser and the server's answer is shown.
 */
export function lazySchemaResolver(load: () => Promise<Schema>) {
  let loading: Promise<Schema> | null = null;

  function schema(): Promise<Schema> {
    loading ??= load().catch((error: unknown) => {
      loading = null; // the next use tries again
      throw error;
    });
    return loading;
  }

  async function validate(values: unknown): Promise<FormErrors> {
    try {
      return schemaResolver(await schema(), { sync: true })(values);
    } catch {
      return {};
    }
  }

  return {
    validate,
    preload: () => {
      schema().catch(() => {});
    },
  };
}
