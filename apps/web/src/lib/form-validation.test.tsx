import { MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATE_WHEN_CHANGED } from './form-validation';

function Probe({ initial = '' }: { initial?: string }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: initial },
    ...VALIDATE_WHEN_CHANGED,
    validate: { name: (value: string) => (value.trim() ? null : 'Veuillez remplir ce champ') },
  });
  return (
    <MantineProvider>
      <form onSubmit={form.onSubmit(() => {})}>
        <TextInput label="Nom" {...form.getInputProps('name')} />
        <button type="submit">Envoyer</button>
      </form>
    </MantineProvider>
  );
}

describe('VALIDATE_WHEN_CHANGED', () => {
  it('says nothing when an untouched field is left, judges it once changed', () => {
    render(<Probe />);
    const input = screen.getByLabelText('Nom');
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(screen.queryByText('Veuillez remplir ce champ')).not.toBeInTheDocument();
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.blur(input);
    expect(screen.getByText('Veuillez remplir ce champ')).toBeInTheDocument();
    // Typing clears the line until the next blur.
    fireEvent.change(input, { target: { value: 'Dupont' } });
    expect(screen.queryByText('Veuillez remplir ce champ')).not.toBeInTheDocument();
  });

  it('a pre-filled field emptied by the user is judged; submit judges every field', () => {
    render(<Probe initial="Dupont" />);
    const input = screen.getByLabelText('Nom');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(screen.getByText('Veuillez remplir ce champ')).toBeInTheDocument();
  });

  it('submitting an untouched form shows every error', () => {
    render(<Probe />);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getByText('Veuillez remplir ce champ')).toBeInTheDocument();
  });
});
