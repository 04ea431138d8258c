import { useForm } from '@mantine/form';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyFormRules } from './lazy-form-rules';

// A form whose contract's rules load beside its screen: a send made before they are in waits for
// them, then is judged as any other, so nothing invalid leaves unjudged and nothing valid is lost.

function setUp() {
  let arrive: (schema: z.ZodType) => void = () => {};
  const rules = lazyFormRules<{ name: string }>(
    new Promise((resolve) => {
      arrive = resolve;
    }),
  );
  const sent = vi.fn();
  function NameForm() {
    const form = useForm({ mode: 'controlled', initialValues: { name: '' }, validate: rules.validate });
    return (
      <form noValidate onSubmit={rules.onSubmit(form, sent)} aria-label="Nom">
        <input aria-label="Nom" {...form.getInputProps('name')} />
        {form.errors.name ? <p>{form.errors.name}</p> : null}
        <button type="submit">Envoyer</button>
      </form>
    );
  }
  render(<NameForm />);
  const schema = z.object({ name: z.string().min(1, 'Indiquez un nom') });
  return { sent, arrive: (s: z.ZodType = schema) => act(async () => arrive(s)) };
}

describe('lazyFormRules', () => {
  it('a send made before the rules are in waits for them, then is refused by them', async () => {
    const { sent, arrive } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(sent).not.toHaveBeenCalled();
    await arrive();
    expect(await screen.findByText('Indiquez un nom')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('a valid send made before the rules are in leaves once they are', async () => {
    const { sent, arrive } = setUp();
    fireEvent.change(screen.getByRole('textbox', { name: 'Nom' }), { target: { value: 'Dupont' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(sent).not.toHaveBeenCalled();
    await arrive();
    expect(sent).toHaveBeenCalledWith({ name: 'Dupont' }, undefined);
  });
});
