import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../route-handle';

/*
 * The customer's screens but their home and a contract's page (spec 00 §2; those two are the
 * landings of the area's mails, in ../routes.tsx), added under the `extranet` route on the
 * first navigation into the area (`patchRoutesOnNavigation`, app/router.tsx).
 */

export const extranetChildren: RouteObject[] = [
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
    path: 'my-sessions',
    handle: { titleKey: 'pages.mySessions' } satisfies RouteHandle,
    lazy: () => import('../../features/my-sessions/MySessionsPage').then((m) => ({ Component: m.MySessionsPage })),
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
