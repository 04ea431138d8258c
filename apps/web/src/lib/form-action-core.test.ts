import { loginForm } from '@reseau/contracts/schemas/auth';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { formAction, lazySchemaResolver } from './form-action-core';

const empty = { emailAddress: '', password: '' };

describe('lazySchemaResolver', () => {
  it('loads the schema once, at the first use, and answers its messages per field', async () => {
    const load = vi.fn(() => Promise.resolve(loginForm));
    const resolver = lazySchemaResolver(load);
    expect(load).not.toHaveBeenCalled();

    resolver.preload();
    expect(await resolver.validate(empty)).toEqual({
      emailAddress: 'Veuillez remplir ce champ',
      password: 'Veuillez remplir ce champ',
    });
    expect(await resolver.validate({ emailAddress: 'a@b.fr', password: 'x' })).toEqual({});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('checks nothing when the schema cannot load, and tries again at the next use', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(loginForm);
    const resolver = lazySchemaResolver(load);

    resolver.preload(); // a failed preload is not an unhandled rejection
    expect(await resolver.validate(empty)).toEqual({});
    expect(await resolver.validate(empty)).toEqual({
      emailAddress: 'Veuillez remplir ce champ',
      password: 'Veuillez remplir ce champ',
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('formAction', () => {
  const run = (values: object, failure: unknown, options: { onSuccess?: () => void } = {}) => {
    const form = { values, setFieldError: vi.fn() };
    const showFailure = vi.fn();
    const action = formAction(
      { action: vi.fn(), form, fallback: 'Enregistrement impossible.', showFailure, ...options },
      () => (failure ? Promise.reject(failure) : Promise.resolve('ok')),
      false,
    );
    return { form, showFailure, submit: () => action.submit(values as never) };
  };

  it('succeeds without an onSuccess, showing nothing', async () => {
    const { showFailure, submit } = run({ name: 'x' }, null);
    await submit();
    expect(showFailure).not.toHaveBeenCalled();
  });

  it('shows the screen’s text for a 400 it does not handle, not the network line', async () => {
    const { showFailure, submit } = run({ name: 'x' }, new ApiError(400, 'same_email', 'Adresse déjà prise.'));
    await submit();
    expect(showFailure).toHaveBeenCalledWith('Enregistrement impossible.');
  });

  it('puts a nested field’s message in the popover when the form has no such field, and never rejects', async () => {
    const invalid = (field: string) =>
      new ApiError(422, 'validation_failed', 'Données invalides.', { [field]: ['Champ invalide.'] });
    for (const [values, field] of [
      [{ address: null }, 'address.street'],
      [{ address: 'rue' }, 'address.street'],
      [{ address: {} }, 'address.street'],
      [{}, 'address.street'],
    ] as const) {
      const { form, showFailure, submit } = run(values, invalid(field));
      await expect(submit()).resolves.toBeUndefined();
      expect(form.setFieldError, JSON.stringify(values)).not.toHaveBeenCalled();
      expect(showFailure).toHaveBeenCalledWith('Données invalides.');
    }
    const { form, submit } = run({ address: { street: '' } }, invalid('address.street'));
    await submit();
    expect(form.setFieldError).toHaveBeenCalledWith('address.street', 'Champ invalide.');
  });
});
