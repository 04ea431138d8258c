import type { BackgroundJobItem, MailQueueItem, MailQueueStateAnswer } from '@reseau/contracts/schemas/mail-queue';
import { useMutation, useQuery } from '@tanstack/react-query';
import i18n from '../i18n';
import { isApiError } from '../lib/api-error';
import { notifyError, notifySuccess } from '../lib/notify';
import { api } from './http';
import { queryClient } from './query-client';

export type { BackgroundJobItem, MailQueueItem, MailQueueStateAnswer };

const mailQueueKey = ['mail-queue'] as const;

/** GET /mail-queue (role 1): counts by state and the failing mails. Refreshed every 30 s while shown. */
export function useMailQueue() {
  return useQuery({
    queryKey: mailQueueKey,
    queryFn: ({ signal }) => api.get<MailQueueStateAnswer>('/mail-queue', { signal }),
    refetchInterval: 30_000,
    meta: { errorMessage: 'mailQueue.errors.load' },
  });
}

/** POST /mail-queue/{id}:retry: a dead mail goes back to the queue. */
export function useRetryMail() {
  return useMutation({
    mutationFn: (id: number) => api.post<void>(`/mail-queue/${id}:retry`),
    onSuccess: () => notifySuccess(i18n.t('mailQueue.retried')),
    // A mail no longer dead (sent meanwhile, or already retried): the server's sentence says so.
    onError: (error) => notifyError(isApiError(error) && error.status === 409 ? error.message : i18n.t('mailQueue.errors.retry')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailQueueKey }),
  });
}

/** POST /mail-queue/jobs/{id}:retry: a dead deferred job (forgotten password, an import's mails…) goes back to the queue. */
export function useRetryJob() {
  return useMutation({
    mutationFn: (id: number) => api.post<void>(`/mail-queue/jobs/${id}:retry`),
    onSuccess: () => notifySuccess(i18n.t('mailQueue.jobRetried')),
    onError: (error) =>
      notifyError(isApiError(error) && error.status === 409 ? error.message : i18n.t('mailQueue.errors.jobRetry')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailQueueKey }),
  });
}
