import { DATA_EXPORT_MESSAGES } from '@reseau/contracts/constants/data-exports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { extranetHandlers, signInCustomer } from '../../../test/extranet-fixtures';
import { json, mockApi, renderRoute } from '../../../test/utils';

const PATH = 'POST /api/clients/me/data-exports';

async function exportSection() {
  return screen.findByRole('region', { name: 'Télécharger mes données' });
}

describe('personal info: « Télécharger mes données »', () => {
  it('asks for the export and says the link comes by mail, valid 7 days', async () => {
    signInCustomer();
    const api = mockApi(extranetHandlers({ [PATH]: () => json(202, { dataExportId: 1, status: 'pending' }) }));
    renderRoute('/extranet/personal-info');
    const section = await exportSection();
    expect(within(section).getByText(/lien de téléchargement valable 7 jours/)).toBeInTheDocument();
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Télécharger mes données' }));
    expect(await within(section).findByText(/Vous recevrez un e-mail dès que le fichier sera prêt/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/clients/me/data-exports')).toHaveLength(1);
    expect(within(section).queryByRole('button', { name: 'Télécharger mes données' })).not.toBeInTheDocument();
  });

  it('says when an export is already being made (409)', async () => {
    signInCustomer();
    mockApi(
      extranetHandlers({
        [PATH]: () => json(409, { code: 'data_export_in_progress', message: DATA_EXPORT_MESSAGES.inProgress }),
      }),
    );
    renderRoute('/extranet/personal-info');
    const section = await exportSection();
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Télécharger mes données' }));
    expect(await within(section).findByText(DATA_EXPORT_MESSAGES.inProgress)).toBeInTheDocument();
  });
});
