import type { ExtranetContactSource } from '@reseau/contracts/constants/extranet';
import type { ExtranetAgencyContactBody } from '@reseau/contracts/schemas/extranet';
import { useQuery } from '@tanstack/react-query';
import { api } from '../http';
import { extranetKeys } from './keys';

export type { ExtranetAgencyContactBody, ExtranetContactSource };

export interface ContactSubject {
  id: number;
  name: string;
}

/** GET /extranet-agency-contact-subjects (1 breakdown, 2 maintenance appointment, 3 other). */
export function useContactSubjects(enabled = true) {
  return useQuery({
    queryKey: extranetKeys.contactSubjects,
    queryFn: async () =>
      (await api.get<{ extranetAgencyContactSubjects: ContactSubject[] }>('/extranet-agency-contact-subjects'))
        .extranetAgencyContactSubjects,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorMessage: 'errors.loadContactSubjects' },
  });
}

/** POST /extranet-agency-contacts */
export function sendAgencyContact(body: ExtranetAgencyContactBody) {
  return api.post<{ id: number }>('/extranet-agency-contacts', body);
}
