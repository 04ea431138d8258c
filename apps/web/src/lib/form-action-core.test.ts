import { loginForm } from '@reseau/contracts/schemas/auth';
import { describe, expect, it, vi } from 'vitest';
import { lazySchemaResolver } from './form-action-core';

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
