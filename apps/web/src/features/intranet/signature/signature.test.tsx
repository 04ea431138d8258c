import { SIGNATURE_MESSAGES } from '@reseau/contracts/constants/signature-documents';
import type { SignatureCount, SignatureDocument, SignatureQuotation } from '@reseau/contracts/schemas/signature-documents';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentAgency } from '../../../lib/session';
import { installFakeXhr } from '../../../test/browser-stubs';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';
import { defaultPeriod } from './period';

function document(id: number, overrides: Partial<SignatureDocument> = {}): SignatureDocument {
  return {
    id,
    clientFirstName: 'Élodie',
    clientLastName: 'Vasseur',
    clientEmailAddress: 'elodie@exemple.fr',
    title: `Contrat ${id}`,
    agencyId: 11,
    agencyName: 'Thermo Services Lille',
    pdfFiles: [{ pdfFileId: 100 + id }],
    creationDate: '2026-11-02T09:00:00.000Z',
    status: 'ongoing',
    envelopeFileId: null,
    openingTime: null,
    ...overrides,
  };
}

const QUOTATION: SignatureQuotation = {
  id: 7,
  number: 'DE-2026-0042',
  agencyContractFullName: 'Jeanne Durand',
  agencyId: 11,
  agencyName: 'Thermo Services Lille',
  status: 'signed',
  signatureTime: '2026-11-03T10:00:00.000Z',
  envelopeFileId: 55,
};

const COUNTS: SignatureCount[] = [
  {
    adherentId: 1,
    adherentName: 'Thermi’Nord Services',
    agencyName: 'Thermo Services Lille',
    agencyId: 11,
    yearMonth: 202611,
    signatureCount: 3,
  },
  {
    adherentId: 1,
    adherentName: 'Thermi’Nord Services',
    agencyName: 'Thermo Services Lille',
    agencyId: 11,
    yearMonth: 202610,
    signatureCount: 2,
  },
  {
    adherentId: 2,
    adherentName: 'Flandres Énergies',
    agencyName: 'Flandres Dunkerque',
    agencyId: 12,
    yearMonth: 202611,
    signatureCount: 4,
  },
];

function signatureApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/file-types': () =>
        json(200, { fileTypes: [{ fileTypeId: 19, allowedMimeTypes: ['application/pdf'], maxSize: 20 * 1024 * 1024 }] }),
      'GET /api/signature-documents': () =>
        json(200, {
          signatureDocuments: [
            document(1, { status: 'signed', envelopeFileId: 90, openingTime: '2026-11-02T10:15:00.000Z' }),
            document(2, { status: 'created' }),
            document(3, { status: 'mystery' as SignatureDocument['status'] }),
          ],
          totalCount: 95,
        }),
      'GET /api/agency-contract-quotations': () => json(200, { agencyContractQuotations: [QUOTATION], totalCount: 1 }),
      'GET /api/signature-counts-by-agency': () => json(200, { signatureCounts: COUNTS.slice(0, 2) }),
      ...overrides,
    }),
  );
}

const queryOf = (api: ReturnType<typeof signatureApi>, path: string) =>
  api.callsTo('GET', path).map((c) => Object.fromEntries(c.url.searchParams));

/** A holder of the signature permission (role 7) working for agency 11. */
function signInHolder() {
  signInAs('intranet', { roleId: 7, sub: '70' });
  setCurrentAgency({ id: 11, name: 'Thermo Services Lille', adherentId: 1 });
}

async function fillForm() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /^Prénom du signataire/ }), 'Élodie');
  await user.type(screen.getByRole('textbox', { name: /^Nom du signataire/ }), 'Vasseur');
  await user.type(screen.getByRole('textbox', { name: /^Email du signataire/ }), 'elodie@exemple.fr');
  await user.type(screen.getByRole('textbox', { name: /^Titre du document/ }), 'Contrat 2027');
  return user;
}

/** Drops a PDF on the form's dropzone and answers its upload with `id`. */
async function uploadPdf(Xhr: ReturnType<typeof installFakeXhr>, id: number, name = 'contrat.pdf') {
  const zone = screen.getByRole('button', { name: /PDF à signer/ });
  await waitFor(() => expect(zone).toHaveAttribute('aria-disabled', 'false'));
  fireEvent.drop(zone, { dataTransfer: { files: [new File(['%PDF-1.7'], name, { type: 'application/pdf' })] } });
  act(() => Xhr.sent.at(-1)!.respond(201, { id }));
  await screen.findByRole('button', { name: `Retirer « ${name} »` });
}

describe('signature screen for holders of the permission (spec 02 §2 "Signature")', () => {
  it('lists the documents of the last three months, 30 a page, with their status labels and the seen tooltip', async () => {
    signInHolder();
    const api = signatureApi();
    renderRoute('/intranet/signature');
    expect(await screen.findByRole('heading', { level: 1, name: 'Signature électronique' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Documents envoyés en signature' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Signé');
    expect(within(rows[1]!).getByRole('img', { name: /^Vu par le destinataire le 02\.11\.2026/ })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Télécharger le document signé « Contrat 1 »' })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Échec');
    expect(rows[3]).toHaveTextContent('Inconnu');
    const period = defaultPeriod();
    expect(queryOf(api, '/api/signature-documents')[0]).toEqual({ agencyId: '11', limit: '30', offset: '0', ...period });
    // 95 documents at 30 a page: 4 pages.
    expect(screen.getByRole('button', { name: 'Page 4' })).toBeInTheDocument();
    // The recap counts the agency's months.
    expect(await screen.findByRole('list', { name: 'Signatures par mois' })).toHaveTextContent('novembre 2026');
    expect(queryOf(api, '/api/signature-counts-by-agency')[0]).toEqual({ agencyId: '11', ...period });
  });

  it('keeps the page size, the period and the tab in the address and in the calls', async () => {
    signInHolder();
    const api = signatureApi();
    const { location } = renderRoute('/intranet/signature');
    await screen.findByRole('table', { name: 'Documents envoyés en signature' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Lignes par page' }), { target: { value: '100' } });
    await waitFor(() => expect(location().search).toBe('?size=100'));
    await waitFor(() => expect(queryOf(api, '/api/signature-documents').at(-1)).toMatchObject({ limit: '100' }));

    const user = userEvent.setup();
    const period = screen.getByRole('textbox', { name: /^Période/ });
    await user.type(period, 'printemps{Enter}');
    expect(await screen.findByText(/Période non reconnue/)).toBeInTheDocument();
    await user.clear(period);
    await user.type(period, 'janvier 2026 mars 2026{Enter}');
    await waitFor(() =>
      expect(queryOf(api, '/api/signature-documents').at(-1)).toMatchObject({
        startDateIncluded: '2026-01-01',
        endDateExcluded: '2026-04-01',
      }),
    );
    expect(location().search).toBe('?size=100&period=janvier+2026+mars+2026');

    await user.click(screen.getByRole('tab', { name: 'Devis signés en ligne' }));
    const quotations = await screen.findByRole('table', { name: 'Devis avec signature électronique' });
    expect(quotations).toHaveTextContent('DE-2026-0042');
    expect(quotations).toHaveTextContent('Jeanne Durand');
    expect(queryOf(api, '/api/agency-contract-quotations').at(-1)).toEqual({
      agencyId: '11',
      hasSignatureInitiated: 'true',
      startSignatureDateIncluded: '2026-01-01',
      endSignatureDateExcluded: '2026-04-01',
      limit: '100',
      offset: '0',
    });
  });

  it('shows « Envoyer » once the form is valid, sends it for the current agency and says so', async () => {
    signInHolder();
    const Xhr = installFakeXhr();
    const api = signatureApi({ 'POST /api/signature-documents': () => json(201, document(9)) });
    renderRoute('/intranet/signature');
    const user = await fillForm();
    expect(screen.queryByRole('button', { name: 'Envoyer en signature' })).not.toBeInTheDocument();
    expect(screen.getByText(/Complétez le prénom, le nom/)).toBeInTheDocument();
    await uploadPdf(Xhr, 41);
    await user.click(await screen.findByRole('button', { name: 'Envoyer en signature' }));
    expect(await screen.findByText('Document envoyé en signature')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/signature-documents')[0]!.body).toEqual({
      clientFirstName: 'Élodie',
      clientLastName: 'Vasseur',
      clientEmailAddress: 'elodie@exemple.fr',
      title: 'Contrat 2027',
      pdfFiles: [{ pdfFileId: 41 }],
      agencyId: 11,
    });
  });

  it('refuses a name with digits in the browser, with the server’s words', async () => {
    signInHolder();
    signatureApi();
    renderRoute('/intranet/signature');
    const user = userEvent.setup();
    const first = await screen.findByRole('textbox', { name: /^Prénom du signataire/ });
    await user.type(first, 'Jean2');
    await user.tab();
    expect(await screen.findByText(SIGNATURE_MESSAGES.nameLetters)).toBeInTheDocument();
  });

  it('takes "Jean-Pierre" and "D\'Argent-Lévêque" in the browser (issue 25)', async () => {
    signInHolder();
    signatureApi();
    renderRoute('/intranet/signature');
    const user = userEvent.setup();
    const first = await screen.findByRole('textbox', { name: /^Prénom du signataire/ });
    const last = screen.getByRole('textbox', { name: /^Nom du signataire/ });
    await user.type(first, 'Jean-Pierre');
    await user.type(last, "D'Argent-Lévêque");
    await user.tab();
    expect(first).not.toHaveAttribute('aria-invalid', 'true');
    expect(last).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(SIGNATURE_MESSAGES.nameLetters)).not.toBeInTheDocument();
  });

  it.each([
    [
      'yousign_obsolete_pdf_version',
      'Le PDF doit être récent',
      /Ce PDF est trop ancien : la signature électronique demande un PDF en version 1.6/,
    ],
    ['yousign_invalid_document', 'Refusé', /Ce PDF ne peut pas être signé électroniquement/],
    [
      'file_sanitization_failed',
      'Le fichier « contrat.pdf » n’a pas pu être nettoyé.',
      /Le fichier « contrat.pdf » n’a pas pu être nettoyé\./,
    ],
    ['internal_error', 'Panne', /Le document n'a pas pu être envoyé en signature/],
  ])('after a %s refusal shows its text and empties the file list', async (code, message, shown) => {
    signInHolder();
    const Xhr = installFakeXhr();
    signatureApi({ 'POST /api/signature-documents': () => json(code === 'internal_error' ? 502 : 400, { code, message }) });
    renderRoute('/intranet/signature');
    const user = await fillForm();
    await uploadPdf(Xhr, 41);
    await user.click(await screen.findByRole('button', { name: 'Envoyer en signature' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retirer « contrat.pdf »' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Titre du document/ })).toHaveValue('Contrat 2027');
    expect(screen.queryByRole('button', { name: 'Envoyer en signature' })).not.toBeInTheDocument();
  });
});

describe('signature overview for other staff (spec 02 §2)', () => {
  it('shows the counts per adherent, agency and month with a total per agency, filtered in the address', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    const api = signatureApi({ 'GET /api/signature-counts-by-agency': () => json(200, { signatureCounts: COUNTS }) });
    const { location } = renderRoute('/intranet/signature');
    const table = await screen.findByRole('table', { name: 'Signatures par adhérent, agence et mois' });
    expect(screen.queryByRole('textbox', { name: /^Prénom du signataire/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Total Thermo Services Lille' }).closest('tr')).toHaveTextContent('5');
    expect(within(table).getByRole('rowheader', { name: 'Total Flandres Dunkerque' }).closest('tr')).toHaveTextContent('4');
    expect(api.callsTo('GET', '/api/signature-documents')).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Adhérent' }));
    await user.click(await screen.findByRole('option', { name: 'Flandres Énergies' }));
    await waitFor(() => expect(location().search).toBe('?adherentId=2'));
    await waitFor(() => expect(queryOf(api, '/api/signature-counts-by-agency').at(-1)).toMatchObject({ adherentId: '2' }));
  });
});
