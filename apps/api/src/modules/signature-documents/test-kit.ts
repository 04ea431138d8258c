import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { buildTestApp } from '../../../test/helper.js';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
export type Who = Parameters<TestApp['authHeader']>[0];

/** A small real PDF; pdf-lib writes version 1.7. */
export async function pdf17(title = 'Contrat de maintenance'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  page.drawText(title, { x: 50, y: 780, size: 18, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** The same PDF declared 1.4 in its header (and no catalog /Version): too old to sign. */
export async function pdf14(title = 'Ancien contrat'): Promise<Buffer> {
  const bytes = await pdf17(title);
  const header = bytes.subarray(0, 8).toString('latin1');
  if (header !== '%PDF-1.7') throw new Error(`unexpected header ${header}`);
  return Buffer.concat([Buffer.from('%PDF-1.4', 'latin1'), bytes.subarray(8)]);
}

/** The call helpers of a test app. */
export function callsOf(t: TestApp) {
  async function call(who: Who | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
    return t.app.inject({ method, url: `/api${url}`, headers: who ? await t.authHeader(who) : {}, payload: payload as never });
  }
  /** What the sandbox page's HTML forms send. */
  const submitForm = (url: string) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  /** A holder of the permission (role 7, agency manager) of a new agency, and the agency. */
  async function holder() {
    const agency = await t.buildAgency();
    const admin = await t.buildAdmin({ roleId: 7, adherentId: agency.adherentId, agencyIds: [agency.id] });
    return { agency, admin };
  }
  const body = (agencyId: number, pdfFileIds: number[], extra: Record<string, unknown> = {}) => ({
    clientFirstName: 'Hélène',
    clientLastName: 'Le Gall',
    clientEmailAddress: 'helene.legall@exemple.fr',
    title: 'Contrat de maintenance 2027',
    agencyId,
    pdfFiles: pdfFileIds.map((pdfFileId) => ({ pdfFileId })),
    ...extra,
  });
  /** A document sent by `admin` for `agencyId` (one uploaded PDF 1.7); the answer's JSON and the sandbox id. */
  async function sent(admin: Who, agencyId: number, extra: Record<string, unknown> = {}) {
    const fileId = await t.uploadAs(admin, 19, await pdf17(), 'contrat.pdf');
    const res = await call(admin, 'POST', '/signature-documents', body(agencyId, [fileId], extra));
    if (res.statusCode !== 201) throw new Error(`send refused: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; status: string; envelopeFileId: number | null };
  }
  return { call, submitForm, holder, body, sent };
}
