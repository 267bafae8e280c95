import { Navigate, type RouteObject } from 'react-router';
import { MailTemplateEditor } from '@smsc/resource-mail-template';
import { resellerRoutes } from './route-table';

/** Spec §2 /reseller/mail-template: registration (the sign-up mail) and template (the other mails); each can go back to the default template. */
export const mailTemplateRoutes: RouteObject[] = [
  {
    path: resellerRoutes.path('mailTemplate'),
    children: [
      { index: true, element: <Navigate to="registration" replace /> },
      {
        path: 'registration',
        element: <MailTemplateEditor kinds={['registration']} />,
        handle: { title: 'Registration mail' },
      },
      {
        path: 'template',
        element: (
          <MailTemplateEditor kinds={['password_reset', 'low_balance', 'invoice', 'price_notice', 'template_review']} />
        ),
        handle: { title: 'Mail templates' },
      },
    ],
  },
];
