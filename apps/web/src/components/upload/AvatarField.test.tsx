import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { installFakeXhr } from '../../test/browser-stubs';
import { json, mockApi, signInAs } from '../../test/utils';
import { AvatarField } from './AvatarField';

const fileTypes = { fileTypes: [{ fileTypeId: 1, allowedMimeTypes: ['image/png', 'image/jpeg'], maxSize: 2 * 1024 * 1024 }] };

function Holder({ initial, onChange }: { initial: number | null; onChange: (id: number | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <AvatarField
      fileTypeId={1}
      label="Photo"
      name="Maëlle Kerjean"
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
    />
  );
}

function renderField(initial: number | null) {
  const api = mockApi({
    'GET /api/file-types': () => json(200, fileTypes),
    'GET /api/files/5': () => new Response(new Blob(['png']), { status: 200, headers: { 'content-type': 'image/png' } }),
    'GET /api/files/42': () => new Response(new Blob(['png']), { status: 200, headers: { 'content-type': 'image/png' } }),
  });
  const onChange = vi.fn();
  render(
    <AppProviders env="test">
      <QueryClientProvider client={createQueryClient()}>
        <Holder initial={initial} onChange={onChange} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { api, onChange };
}

const zone = () => screen.getByRole('button', { name: /^Photo/ });

describe('AvatarField', () => {
  it('uploads a picture of its type and hands over the new id, which replaces the shown one', async () => {
    signInAs('intranet', { roleId: 1 });
    const Xhr = installFakeXhr();
    const { api, onChange } = renderField(5);
    await waitFor(() => expect(api.callsTo('GET', '/api/files/5')).toHaveLength(1));
    await waitFor(() => expect(zone()).toHaveAttribute('aria-disabled', 'false'));
    fireEvent.drop(zone(), { dataTransfer: { files: [new File(['x'], 'portrait.png', { type: 'image/png' })] } });
    expect(Xhr.sent[0]?.body?.get('typeId')).toBe('1');
    act(() => Xhr.sent[0]!.respond(201, { id: 42 }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(42));
    await waitFor(() => expect(api.callsTo('GET', '/api/files/42')).toHaveLength(1));
  });

  it('removes the picture with its button; with none there is nothing to remove', async () => {
    signInAs('intranet', { roleId: 1 });
    const { onChange } = renderField(5);
    await userEvent.click(screen.getByRole('button', { name: 'Retirer la photo' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.queryByRole('button', { name: 'Retirer la photo' })).not.toBeInTheDocument();
  });
});
