import { renderMail } from '../../integrations/mail/layout.js';

const link = (base: string, path: string, params: Record<string, string>) => {
  const url = new URL(path, base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};

export const authMails = {
  adminPasswordReset: (base: string, firstName: string, token: string) =>
    renderMail({
      subject: 'Réinitialisation de votre mot de passe',
      greeting: `Bonjour ${firstName},`,
      paragraphs: ["Vous avez demandé à réinitialiser le mot de passe de votre compte de l'intranet Réseau Énergie."],
      action: { label: 'Choisir un nouveau mot de passe', url: link(base, '/intranet/reset-password', { token }) },
      footnote:
        "Ce lien est valable une heure et ne sert qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    }),
  adminConnectionLink: (base: string, firstName: string, token: string) =>
    renderMail({
      subject: "Votre accès à l'intranet Réseau Énergie",
      greeting: `Bonjour ${firstName},`,
      paragraphs: [
        "Un compte a été préparé pour vous sur l'intranet Réseau Énergie. Définissez votre mot de passe pour vous connecter.",
      ],
      action: { label: 'Définir mon mot de passe', url: link(base, '/intranet/reset-password', { token, init: 'true' }) },
      footnote: "Ce lien est valable 7 jours et ne sert qu'une fois.",
    }),
  clientPasswordReset: (base: string, firstName: string, token: string) =>
    renderMail({
      subject: 'Réinitialisation de votre mot de passe',
      greeting: `Bonjour ${firstName},`,
      paragraphs: ['Vous avez demandé à réinitialiser le mot de passe de votre espace client.'],
      action: { label: 'Choisir un nouveau mot de passe', url: link(base, '/extranet/reset-password', { token }) },
      footnote:
        "Ce lien est valable une heure et ne sert qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    }),
  clientEmailVerification: (base: string, firstName: string, token: string) =>
    renderMail({
      subject: 'Confirmez votre adresse email',
      greeting: `Bonjour ${firstName},`,
      paragraphs: [
        'Pour activer votre espace client, confirmez votre adresse email. Le mot de passe choisi lors de votre demande vous sera demandé.',
      ],
      action: {
        label: 'Confirmer mon adresse email',
        url: link(base, '/extranet/verify-email', { token, activation: 'true' }),
      },
      footnote:
        "Ce lien est valable 24 heures et ne sert qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre espace client ne sera pas activé.",
    }),
  clientEmailChange: (base: string, firstName: string, token: string) =>
    renderMail({
      subject: 'Confirmez votre nouvelle adresse email',
      greeting: `Bonjour ${firstName},`,
      paragraphs: [
        'Vous avez demandé à utiliser cette adresse pour votre espace client. Confirmez-la pour terminer le changement.',
      ],
      action: { label: 'Confirmer cette adresse', url: link(base, '/extranet/verify-email', { token }) },
      footnote:
        "Ce lien est valable 24 heures et ne sert qu'une fois. Tant qu'il n'est pas utilisé, votre ancienne adresse reste active.",
    }),
  /** Sent to the former address once a change is applied: its owner learns of it, even if it was not them. */
  clientEmailChanged: (base: string, firstName: string, newEmail: string) =>
    renderMail({
      subject: "L'adresse de votre espace client a changé",
      greeting: `Bonjour ${firstName},`,
      paragraphs: [
        `L'adresse de votre espace client a été remplacée par ${maskEmail(newEmail)} ; si vous n'êtes pas à l'origine de ce changement, contactez votre agence.`,
        'Vos autres appareils connectés à votre espace client ont été déconnectés.',
      ],
      action: { label: 'Accéder à mon espace client', url: link(base, '/extranet/login', {}) },
      footnote: 'Ce message vous est envoyé à votre ancienne adresse pour votre sécurité.',
    }),
  /**
   * A sign-in from a device the account never used (issue 27 §3): when, which device, which
   * address, and a link that ends that very session (valid as long as the session is open).
   */
  newDeviceSignIn: (
    base: string,
    area: 'intranet' | 'extranet',
    firstName: string,
    signIn: { when: string; device: string; ipAddress: string },
    token: string,
  ) =>
    renderMail({
      subject: 'Nouvelle connexion à votre compte',
      greeting: `Bonjour ${firstName},`,
      paragraphs: [
        `Une connexion à ${area === 'intranet' ? "votre compte de l'intranet Réseau Énergie" : 'votre espace client'} vient d'avoir lieu depuis un appareil que vous n'aviez encore jamais utilisé :`,
        `${signIn.when} — ${signIn.device} — adresse IP ${signIn.ipAddress}`,
        "Si c'était vous, vous n'avez rien à faire. Sinon, déconnectez cette session avec le bouton ci-dessous, puis changez votre mot de passe.",
      ],
      action: { label: 'Déconnecter cette session', url: link(base, `/${area}/end-session`, { token }) },
      footnote:
        "Ce lien ne sert qu'une fois et seulement tant que cette session est ouverte. Vos connexions sont aussi visibles dans « Mes connexions ».",
    }),
};

/** `nouvelle.adresse@exemple.fr` → `n***@exemple.fr`: enough to recognise it, not to give it away. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
