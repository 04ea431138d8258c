import { describe, expect, it } from 'vitest';
import { contract, quotation } from '../../../test/extranet-fixtures';
import { groupContractsByAddress } from './group-contracts';
import { quoteState, signatureReturnPath } from './quote-state';

describe('quote state (spec 03 §4)', () => {
  it('is signed with an envelope or when accepted, refused or accepted here, unknown, else awaiting', () => {
    expect(quoteState(quotation())).toBe('awaiting');
    expect(quoteState(quotation({ isAccepted: null }))).toBe('unknown');
    expect(quoteState(quotation({ isAccepted: true }))).toBe('signed');
    expect(quoteState(quotation({ envelopeFileId: 3 }))).toBe('signed');
    // A signature wins over a refusal recorded here.
    expect(quoteState(quotation({ envelopeFileId: 3, isRefusedLocally: true }))).toBe('signed');
    expect(quoteState(quotation({ isRefusedLocally: true }))).toBe('refused');
    expect(quoteState(quotation({ isAcceptedLocally: true }))).toBe('acceptedLocally');
    expect(signatureReturnPath(12)).toBe('/extranet/contract/12?tab=quote&signed=true');
  });
});

describe('contracts by address', () => {
  it('groups the same address however it is spaced or capitalised, in order of appearance', () => {
    const groups = groupContractsByAddress([
      contract({ id: 1 }),
      contract({ id: 2, route: '38 digue de Mer', postalCode: '59240', locality: 'Dunkerque' }),
      contract({ id: 3, route: '14  rue Jean sans peur ', locality: 'LILLE' }),
    ]);
    expect(groups.map((g) => [g.address, g.contracts.map((c) => c.id)])).toEqual([
      ['14 rue Jean sans Peur, 59000 Lille', [1, 3]],
      ['38 digue de Mer, 59240 Dunkerque', [2]],
    ]);
  });
});
