import { EXTRANET_CONTACT_SUBJECT } from '@reseau/contracts/constants/contacts';
import { useOutletContext } from 'react-router';
import type { ExtranetContactSource } from '../../../api/extranet/contacts';

/** Where the contact dialog was opened and what it starts with (spec 03 §2). */
export interface ContactRequest {
  /** 1 breakdown, 2 maintenance appointment, 3 move-out or other (the default). */
  subjectId?: number;
  agencyContractId?: number;
  source?: ExtranetContactSource;
}

export const DEFAULT_CONTACT: Required<Pick<ContactRequest, 'subjectId' | 'source'>> = {
  subjectId: EXTRANET_CONTACT_SUBJECT.other,
  source: 'extranet_menu',
};

/** What the extranet shell gives the screens of its outlet. */
export interface ExtranetOutletContext {
  openContact: (request?: ContactRequest) => void;
}

/** Opens the shell's contact dialog from any extranet screen. */
export function useOpenContact(): ExtranetOutletContext['openContact'] {
  return useOutletContext<ExtranetOutletContext>().openContact;
}
