import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession, SESSION_KEYS } from '../../lib/session';
import { intranetHandlers, json, makeToken, mockApi, renderRoute, signInAs, waitForPath } from '../../test/utils';

const tokens = () => ({ accessToken: makeToken({ aud: 'intranet', roleId: 1, given_name: 'Alice' }), refreshToken: 'r1' });

describe('login', () => {
  it('signs a staff member in and brings them back to the page they asked for', async () => {
    const api = mockApi(intranetHandlers({ 'POST /api/auth/admin': () => json(200, tokens()) }));
    const { router } = renderRoute('/intranet/network-news');

    // Signed out: the guard sends the visitor to the intranet login, remembering the origin.
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/intranet/login');
    expect(router.state.location.search).toBe('?redirect=%2Fintranet%2Fnetwork-news');
    // Intranet: no first-connection mode, no privacy notice.
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByText('Protection de vos données personnelles')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Adresse email/), 'admin@demo.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Demo2026!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    await waitForPath(router, '/intranet/network-news');
    expect(await screen.findByRole('heading', { name: 'Actualités' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/admin')[0]?.body).toEqual({ emailAddress: 'admin@demo.fr', password: 'Demo2026!' });
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('r1');
    expect(getSession().claims?.given_name).toBe('Alice');
  });

  it('names the password eye in French and says whether the password shows', async () => {
    mockApi(intranetHandlers());
    renderRoute('/intranet/login');
    const password = await screen.findByLabelText(/^Mot de passe/);
    const eye = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    expect(eye).toHaveAttribute('aria-pressed', 'false');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(eye);
    expect(eye).toHaveAttribute('aria-pressed', 'true');
    expect(password).toHaveAttribute('type', 'text');
  });

  it('reaches the password eye with Tab, right after the field (issue 25)', async () => {
    mockApi(intranetHandlers());
    renderRoute('/intranet/login');
    const password = await screen.findByLabelText(/^Mot de passe/);
    password.focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Afficher le mot de passe' })).toHaveFocus();
  });

  it('shows the spec line on a failed login and keeps what was typed', async () => {
    const api = mockApi({
      'POST /api/auth/client': () =>
        json(401, { code: 'invalid_credentials', message: "Votre adresse email ou votre mot de passe n'est pas valide." }),
    });
    const { router } = renderRoute('/extranet/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Adresse email/), 'client@demo.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Votre adresse email ou votre mot de passe n'est pas valide.");
    expect(screen.getByLabelText(/Adresse email/)).toHaveValue('client@demo.fr');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveValue('mauvais');
    expect(router.state.location.pathname).toBe('/extranet/login');
    expect(api.callsTo('POST', '/api/auth/client')).toHaveLength(1);
    expect(localStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
    // The extranet shows its privacy notice.
    expect(screen.getByText('Protection de vos données personnelles')).toBeInTheDocument();
  });

  it('says so after too many attempts, and puts a server field message under its field', async () => {
    let calls = 0;
    mockApi({
      'POST /api/auth/client': () =>
        ++calls === 1
          ? json(429, { code: 'too_many_requests', message: 'Trop de tentatives' })
          : json(400, { code: 'validation_failed', message: 'x', errors: { password: ['Limite de caractères dépassée'] } }),
    });
    renderRoute('/extranet/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Adresse email/), 'client@demo.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Demo2026!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de tentatives de connexion. Patientez une minute');

    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const message = await screen.findByText('Limite de caractères dépassée');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAttribute('aria-describedby', expect.stringContaining(message.id));
    // The earlier failure line is gone: each attempt shows its own outcome.
    expect(screen.queryByText(/Trop de tentatives/)).not.toBeInTheDocument();
  });

  it('judges a field on blur only once it was changed, and blocks the submit while a field is in error', async () => {
    const api = mockApi({});
    renderRoute('/intranet/login');
    const email = await screen.findByLabelText(/Adresse email/);
    // Tabbing through an untouched field says nothing (issue 12 §3 item 6).
    fireEvent.focus(email);
    fireEvent.blur(email);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    // Changed then left: an invalid address says so, announced and tied to the field.
    fireEvent.change(email, { target: { value: 'pas-une-adresse' } });
    fireEvent.blur(email);
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Veuillez saisir une adresse email valide');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
    expect(api.calls).toHaveLength(0);
  });

  it('sends a signed-in user away from the login of their area', async () => {
    mockApi(intranetHandlers());
    signInAs('intranet', { roleId: 1, given_name: 'Alice' });
    const { router } = renderRoute('/intranet/login');
    await waitForPath(router, '/intranet');
    expect(await screen.findByRole('heading', { name: 'Bonjour Alice' })).toBeInTheDocument();
  });

  it('links to the forgotten-password screen of the same area', async () => {
    mockApi({});
    renderRoute('/intranet/login');
    expect(await screen.findByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute(
      'href',
      '/intranet/forgot-password',
    );
  });
});

describe('first connection', () => {
  it('is forced by ?id=, with the email locked, and sends the verification', async () => {
    const api = mockApi({ 'POST /api/clients/nouveau@demo.fr:open-email-verification': () => json(204) });
    renderRoute('/extranet/login?id=nouveau@demo.fr');

    expect(await screen.findByRole('heading', { name: 'Première connexion' })).toBeInTheDocument();
    // No way back to the LOGIN mode when forced.
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    const email = await screen.findByLabelText(/Adresse email/);
    expect(email).toHaveValue('nouveau@demo.fr');
    expect(email).toHaveAttribute('readonly');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Chaudiere2026');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Chaudiere2026');
    await user.click(screen.getByRole('button', { name: 'Créer mon accès' }));

    expect(await screen.findByText(/Un email de vérification vient d'être envoyé à nouveau@demo.fr/)).toBeInTheDocument();
    const call = api.callsTo('POST', '/api/clients/nouveau@demo.fr:open-email-verification')[0];
    expect(call?.body).toEqual({ password: 'Chaudiere2026' });
    expect(call?.url.pathname).toBe('/api/clients/nouveau%40demo.fr:open-email-verification');
    // Remembered so that the login can be prefilled once the mailed link is followed.
    expect(localStorage.getItem('reseau.pendingActivationEmail')).toBe('nouveau@demo.fr');
  });

  it('applies the password rule and the confirmation before sending', async () => {
    const api = mockApi({});
    renderRoute('/extranet/login?id=nouveau@demo.fr');
    const password = await screen.findByLabelText(/^Nouveau mot de passe/);
    fireEvent.change(password, { target: { value: 'court' } });
    fireEvent.blur(password);
    expect(await screen.findByText(/au moins 8 caractères, dont une minuscule, une majuscule et un chiffre/)).toBeInTheDocument();
    const confirmation = screen.getByLabelText(/^Confirmation du mot de passe/);
    fireEvent.change(confirmation, { target: { value: 'autre' } });
    fireEvent.blur(confirmation);
    expect(await screen.findByText('Les deux mots de passe ne sont pas identiques.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer mon accès' })).toBeDisabled();
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    [404, { code: 'not_found', message: 'x' }, /ne correspond à aucun client d'une agence du réseau/],
    [409, { code: 'user_already_verified', message: 'x' }, /Vous avez déjà un compte client/],
  ])('explains a %i answer', async (status, body, text) => {
    mockApi({ 'POST /api/clients/inconnu@demo.fr:open-email-verification': () => json(status, body) });
    renderRoute('/extranet/login');
    const user = userEvent.setup();
    await user.click(await screen.findByText('Première connexion'));
    await user.type(await screen.findByLabelText(/Adresse email/), 'inconnu@demo.fr');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Chaudiere2026');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Chaudiere2026');
    await user.click(screen.getByRole('button', { name: 'Créer mon accès' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    if (status === 409)
      expect(screen.getByRole('link', { name: 'Mot de passe oublié' })).toHaveAttribute('href', '/extranet/forgot-password');
  });

  it('shows the server validation message under the password', async () => {
    mockApi({
      'POST /api/clients/nouveau@demo.fr:open-email-verification': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Données invalides',
          errors: { password: ['Mot de passe trop courant'] },
        }),
    });
    renderRoute('/extranet/login?id=nouveau@demo.fr');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nouveau mot de passe/), 'Chaudiere2026');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Chaudiere2026');
    await user.click(screen.getByRole('button', { name: 'Créer mon accès' }));
    const message = await screen.findByText('Mot de passe trop courant');
    expect(screen.getByLabelText(/^Nouveau mot de passe/)).toHaveAttribute(
      'aria-describedby',
      expect.stringContaining(message.id),
    );
    expect(screen.getByLabelText(/^Nouveau mot de passe/)).toHaveValue('Chaudiere2026');
  });
});

describe('forgot and set password', () => {
  it('sends the reset mail of the intranet (slash form) then confirms', async () => {
    const api = mockApi({ 'POST /api/admins/admin@demo.fr/open-password-reset': () => json(204) });
    renderRoute('/intranet/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Adresse email/), 'admin@demo.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByRole('heading', { name: 'Email envoyé' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admins/admin@demo.fr/open-password-reset')[0]?.body).toEqual({ context: 'reset' });
  });

  it('only asks for a non-empty address (spec 03 §5) and shows a failure inline', async () => {
    const api = mockApi({ 'POST /api/clients/jean.dupont:open-password-reset': () => json(500, { code: 'internal_error' }) });
    renderRoute('/extranet/forgot-password');
    const email = await screen.findByLabelText(/Adresse email/);
    const user = userEvent.setup();
    // Submitted untouched: every field is judged.
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText('Veuillez remplir ce champ')).toBeInTheDocument();
    await user.type(email, ' jean.dupont ');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue');
    expect(api.callsTo('POST', '/api/clients/jean.dupont:open-password-reset')).toHaveLength(1);
  });

  it('sets a customer password with the colon form, then offers the way back to login', async () => {
    const api = mockApi({
      'POST /api/clients/tok123_000000000000000000000000000000000000:close-password-reset': () => json(204),
    });
    renderRoute('/extranet/reset-password?token=tok123_000000000000000000000000000000000000');
    expect(await screen.findByRole('heading', { name: 'Choisissez un nouveau mot de passe' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Nouveau2026');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Nouveau2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByRole('heading', { name: 'Mot de passe enregistré' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/extranet/login');
    expect(api.callsTo('POST', '/api/clients/tok123_000000000000000000000000000000000000:close-password-reset')[0]?.body).toEqual(
      { password: 'Nouveau2026' },
    );
  });

  it.each([
    ['/extranet/reset-password?token=abc'],
    ['/extranet/reset-password?token=tok123_00000000000000'],
    ['/intranet/reset-password?token=tok123_0000000000&init=true'],
    ['/intranet/reset-password'],
  ])('says "Lien expiré ou invalide" at once for a short or cut token, before anything is typed: %s (issue 25)', async (path) => {
    const api = mockApi({});
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: 'Lien expiré ou invalide' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Nouveau mot de passe/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Trop petit/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('titles the first definition differently and explains an expired link', async () => {
    mockApi({
      'POST /api/admins/old_000000000000000000000000000000000000000/close-password-reset': () =>
        json(400, { code: 'invalid_token', message: 'Lien invalide' }),
    });
    renderRoute('/intranet/reset-password?token=old_000000000000000000000000000000000000000&init=true');
    expect(await screen.findByRole('heading', { name: 'Définissez votre mot de passe' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Nouveau2026');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Nouveau2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByRole('heading', { name: 'Lien expiré ou invalide' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/intranet/forgot-password');
  });
});

describe('email verification', () => {
  it('verifies, then opens the login with the success popover', async () => {
    const api = mockApi({
      'POST /api/clients/tokv_00000000000000000000000000000000000000:close-email-verification': () =>
        json(200, { purpose: 'email_verification', redirectUrl: null }),
    });
    const { router } = renderRoute('/extranet/verify-email?token=tokv_00000000000000000000000000000000000000');
    await waitForPath(router, '/extranet/login');
    expect(await screen.findByText(/Votre adresse email a été vérifiée/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/clients/tokv_00000000000000000000000000000000000000:close-email-verification')).toHaveLength(
      1,
    );
  });

  it('follows the redirect of an email change with emailModified=true, even when signed in', async () => {
    signInAs('extranet');
    mockApi({
      'POST /api/clients/tokc_00000000000000000000000000000000000000:close-email-verification': () =>
        json(200, { purpose: 'email_change', redirectUrl: '/extranet/personal-info' }),
      'GET /api/agencies': () => json(200, { agencies: [] }),
    });
    const { router } = renderRoute('/extranet/verify-email?token=tokc_00000000000000000000000000000000000000');
    await waitForPath(router, '/extranet/personal-info');
    expect(router.state.location.search).toBe('?emailModified=true');
  });

  it('signed out, an email change is confirmed, then the login opens with the new address and goes back to the page', async () => {
    mockApi({
      'POST /api/clients/tokd_00000000000000000000000000000000000000:close-email-verification': () =>
        json(200, { purpose: 'email_change', redirectUrl: '/extranet/personal-info', emailAddress: 'nouvelle@demo.fr' }),
    });
    const { router } = renderRoute('/extranet/verify-email?token=tokd_00000000000000000000000000000000000000');
    await waitForPath(router, '/extranet/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/extranet/personal-info?emailModified=true')}`);
    expect(await screen.findByText('Votre nouvelle adresse email est confirmée : connectez-vous avec elle.')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Adresse email/ })).toHaveValue('nouvelle@demo.fr');
  });

  it('says at once that a short or cut verification link is expired or invalid, without "Réessayez" (issue 25)', async () => {
    const api = mockApi({});
    renderRoute('/extranet/verify-email?token=tokv_0000000');
    expect(await screen.findByRole('heading', { name: 'Lien expiré ou invalide' })).toBeInTheDocument();
    expect(screen.getByText(/Ce lien de vérification n'est plus valide/)).toBeInTheDocument();
    expect(screen.queryByText(/Réessayez/)).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('a link the server refuses for another reason is dead too, not "Réessayez" (issue 25)', async () => {
    const token = 'tokr_00000000000000000000000000000000000000';
    mockApi({
      [`POST /api/clients/${token}:close-email-verification`]: () =>
        json(400, { code: 'validation_failed', message: 'x', errors: { token: ['Trop petit'] } }),
    });
    renderRoute(`/extranet/verify-email?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'Lien expiré ou invalide' })).toBeInTheDocument();
    expect(screen.queryByText(/Réessayez/)).not.toBeInTheDocument();
  });

  it('explains a dead link', async () => {
    mockApi({
      'POST /api/clients/bad_000000000000000000000000000000000000000:close-email-verification': () =>
        json(400, { code: 'invalid_token', message: 'x' }),
    });
    renderRoute('/extranet/verify-email?token=bad_000000000000000000000000000000000000000');
    expect(await screen.findByRole('heading', { name: 'Lien expiré ou invalide' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/Ce lien de vérification n'est plus valide/)).toBeInTheDocument());
  });
});
