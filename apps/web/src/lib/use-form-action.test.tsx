import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { ApiError } from './api-error';
import { type FormAction, type FormActionOptions, useFormActionCore } from './form-action-core';
import { notifyError } from './notify';
import { useFormAction } from './use-form-action';

function queryCache({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function noProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** The core, given the popover as the place for failures: what the hook does with it. */
function useCoreWithPopover<TValues, TResult>(options: FormActionOptions<TValues, TResult>): FormAction<TValues> {
  return useFormActionCore({ ...options, showFailure: options.showFailure ?? ((text) => notifyError(text)) });
}

// The hook, and its core for the routes without a query cache: the same behaviour, tested twice.
describe.each([
  { name: 'useFormAction', useHook: useFormAction, wrapper: queryCache },
  { name: 'useFormActionCore', useHook: useCoreWithPopover, wrapper: noProvider },
])('$name', ({ useHook, wrapper }) => {
  /** A form with two fields sending through the hook; `action` is the API call under test. */
  function useSubject(action: (values: { email: string; message: string }) => Promise<string>, onSuccess = vi.fn()) {
    const form = useForm({ mode: 'controlled', initialValues: { email: '', message: '' } });
    const save = useHook({
      action,
      form,
      fields: { emailAddress: 'email' },
      fallback: 'Échec de l’envoi.',
      onSuccess,
    });
    return { form, save };
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('puts a validation_failed answer’s per-field messages under the fields, renamed where asked', async () => {
    const show = vi.spyOn(notifications, 'show');
    const action = vi.fn().mockRejectedValue(
      new ApiError(400, 'validation_failed', 'Données invalides', {
        emailAddress: ['Adresse invalide', 'second'],
        message: ['Trop long'],
        unknownField: ['ignoré'],
      }),
    );
    const { result } = renderHook(() => useSubject(action), { wrapper });

    await act(() => result.current.save.submit({ email: 'x', message: 'y' }));

    expect(result.current.form.errors).toEqual({ email: 'Adresse invalide', message: 'Trop long' });
    expect(show).not.toHaveBeenCalled();
  });

  it('puts a nested field’s message under it by its dotted path (a list of reasons)', async () => {
    const action = vi.fn().mockRejectedValue(
      new ApiError(400, 'validation_failed', 'Données invalides', {
        'block.reasons.1.reason': ['Veuillez remplir ce champ'],
        'block.reasons.7.reason': ['ignoré'],
      }),
    );
    const { result } = renderHook(
      () => {
        const form = useForm({ mode: 'controlled', initialValues: { block: { reasons: [{ reason: 'a' }, { reason: '' }] } } });
        return { form, save: useHook({ action, form, fallback: 'Échec' }) };
      },
      { wrapper },
    );

    await act(() => result.current.save.submit(result.current.form.values));

    expect(result.current.form.errors).toEqual({ 'block.reasons.1.reason': 'Veuillez remplir ce champ' });
  });

  it('shows the server message when a validation_failed answer names no field of the form', async () => {
    const show = vi.spyOn(notifications, 'show');
    const action = vi.fn().mockRejectedValue(new ApiError(400, 'validation_failed', 'Requête invalide', { other: ['x'] }));
    const { result } = renderHook(() => useSubject(action), { wrapper });

    await act(() => result.current.save.submit({ email: 'x', message: 'y' }));

    expect(result.current.form.errors).toEqual({});
    expect(shownMessages(show)).toEqual(['Requête invalide']);
  });

  it('shows the fallback popover for another refusal, and the network line when the server is unreachable', async () => {
    const show = vi.spyOn(notifications, 'show');
    const action = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'conflict', 'Conflit'))
      .mockRejectedValueOnce(new ApiError(0, 'network_error', 'offline'));
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useSubject(action, onSuccess), { wrapper });

    await act(() => result.current.save.submit({ email: 'x', message: 'y' }));
    await act(() => result.current.save.submit({ email: 'x', message: 'y' }));

    expect(shownMessages(show)).toEqual(['Échec de l’envoi.', i18n.t('errors.network')]);
    expect(show.mock.calls.every(([options]) => (options as { color: string }).color === 'red')).toBe(true);
    expect(result.current.form.errors).toEqual({});
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('is submitting while the call runs, then hands the answer to onSuccess', async () => {
    let answer: (value: string) => void = () => {};
    const action = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useSubject(action, onSuccess), { wrapper });
    expect(result.current.save.submitting).toBe(false);

    let sent: Promise<void> = Promise.resolve();
    act(() => {
      sent = result.current.save.submit({ email: 'a@b.fr', message: 'm' });
    });
    await waitFor(() => expect(result.current.save.submitting).toBe(true));
    expect(action).toHaveBeenCalledWith({ email: 'a@b.fr', message: 'm' });

    await act(async () => {
      answer('sent');
      await sent;
    });
    await waitFor(() => expect(result.current.save.submitting).toBe(false));
    expect(onSuccess).toHaveBeenCalledWith('sent', { email: 'a@b.fr', message: 'm' });
  });
  it('hands the failure text to showFailure instead of the popover, chosen by a fallback function', async () => {
    const show = vi.spyOn(notifications, 'show');
    const showFailure = vi.fn();
    const { result } = renderHook(
      () => {
        const form = useForm({ mode: 'controlled', initialValues: { email: '' } });
        return useHook({
          action: () => Promise.reject(new ApiError(503, 'unavailable', 'Indisponible')),
          form,
          fallback: (error) => (error instanceof ApiError ? `Refus ${error.status}` : 'autre'),
          showFailure,
        });
      },
      { wrapper },
    );

    await act(() => result.current.submit(undefined));

    expect(showFailure).toHaveBeenCalledWith('Refus 503');
    expect(show).not.toHaveBeenCalled();
  });

  it('lets the screen handle its own refusal, and puts a message naming no field under the chosen one', async () => {
    const show = vi.spyOn(notifications, 'show');
    const handled: string[] = [];
    const action = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(400, 'same_email', 'Même adresse'))
      .mockRejectedValueOnce(new ApiError(400, 'validation_failed', 'Mot de passe refusé', {}));
    const { result } = renderHook(
      () => {
        const form = useForm({ mode: 'controlled', initialValues: { password: '' } });
        const save = useHook({
          action,
          form,
          fallback: 'Échec',
          unmappedField: 'password',
          handleError: (error) => error.code === 'same_email' && handled.push(error.code) > 0,
        });
        return { form, save };
      },
      { wrapper },
    );

    await act(() => result.current.save.submit({ password: 'x' }));
    expect(handled).toEqual(['same_email']);
    expect(result.current.form.errors).toEqual({});

    await act(() => result.current.save.submit({ password: 'x' }));
    expect(result.current.form.errors).toEqual({ password: 'Mot de passe refusé' });
    expect(show).not.toHaveBeenCalled();
  });

  it('places the fields and adds the screen’s notice to a validation_failed answer', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { result } = renderHook(
      () => {
        const form = useForm({ mode: 'controlled', initialValues: { message: '' } });
        const save = useHook({
          action: () => Promise.reject(new ApiError(400, 'validation_failed', 'x', { message: ['Trop long'] })),
          form,
          fallback: 'Échec',
          validationNotice: 'Merci de compléter les informations manquantes.',
        });
        return { form, save };
      },
      { wrapper },
    );

    await act(() => result.current.save.submit({ message: 'y' }));

    expect(result.current.form.errors).toEqual({ message: 'Trop long' });
    expect(shownMessages(show)).toEqual(['Merci de compléter les informations manquantes.']);
  });
});

function shownMessages(show: { mock: { calls: unknown[][] } }) {
  return show.mock.calls.map(([options]) => (options as { message: string }).message);
}
