import type { RouteObject } from 'react-router';
import { contractRequests } from '../first-requests';
import type { RouteHandle } from '../route-handle';

/*
 * The customer's screens but their home (spec 00 §2), added under the `extranet` route on the
 * first navigation into the area (`patchRoutesOnNavigation`, app/router.tsx).
 */

export const extranetChildren: RouteObject[] = [
  {
    path: 'contract/:id',
    handle: { titleKey: 'pages.contract' } satisfies RouteHandle,
    loader: contractRequests,
    lazy: () => import('../../features/extranet/contract/ContractPage').then((m) => ({ Component: m.ContractPage })),
  },
  {
    path: 'faq',
    handle: { titleKey: 'pages.faq' } satisfies RouteHandle,
    lazy: () => import('../../features/extranet/faq/FaqPage').then((m) => ({ Component: m.FaqPage })),
  },
  {
    path: 'personal-info',
    handle: { titleKey: 'pages.personalInfo' } satisfies RouteHandle,
    lazy: () => import('../../features/extranet/personal-info/PersonalInfoPage').then((m) => ({ Component: m.PersonalInfoPage })),
  },
  {
    path: 'payment-cancel',
    handle: { titleKey: 'pages.paymentCancel' } satisfies RouteHandle,
    lazy: () => import('../../features/extranet/payment/PaymentCancelPage').then((m) => ({ Component: m.PaymentCancelPage })),
  },
  {
    path: 'payment-return',
    handle: { titleKey: 'pages.paymentReturn' } satisfies RouteHandle,
    lazy: () => import('../../features/extranet/payment/PaymentReturnPage').then((m) => ({ Component: m.PaymentReturnPage })),
  },
];
