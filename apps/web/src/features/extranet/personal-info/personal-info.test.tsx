import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { extranetHandlers, signInCustomer } from '../../../test/extranet-fixtures';
import { type Handler, json, makeToken, mockApi, renderRoute, waitForPath } from '../../../test/utils';

/** The card holding a form, by its title (the cards' forms have no name of their own). */
async function formOf(title: string): Promise<HTMLElement> {
  return (await screen.findByRole('heading', { name: title, level: 2 })).closest('form') as HTMLElement;
}

function personalApi(overrides: Record<string, Handler> = {}) {
  return mockApi(extranetHandlers(overrides));
}

describe('personal info', () => {
  it('leads to « Mes connexions », beside the sign-in details', async () => {
    signInCustomer();
    personalApi();
    renderRoute('/extranet/personal-info');
    const section = await screen.findByRole('region', { name: 'Mes connexions' });
    expect(within(section).getByRole('link', { name: 'Voir mes connexions' })).toHaveAttribute('href', '/extranet/my-sessions');
  });

  it('applies the platform password rule: both fields valid to submit', async () => {
    signInCustomer();
    const api = personalApi({ 'POST /api/clients/me:change-password': () => new Response(null, { status: 204 }) });
    renderRoute('/extranet/personal-info');
    expect(await screen.findByRole('heading', { name: 'Informations personnelles', level: 1 })).toBeInTheDocument();
    const user = userEvent.setup();
    const form = await formOf('Mot de passe');
    const current = within(form).getByLabelText(/^Mot de passe actuel/);
    const password = screen.getByLabelText(/^Nouveau mot de passe/);
    const confirmation = screen.getByLabelText(/^Confirmation du mot de passe/);
    const submit = screen.getByRole('button', { name: 'Modifier mon mot de passe' });
    expect(submit).toBeDisabled();

    await user.type(password, 'motdepasse');
    await user.tab();
    expect(
      await screen.findByText(
        'Le mot de passe doit contenir au moins 8 caractères, dont une minuscule, une majuscule et un chiffre.',
      ),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();

    // A common password passes the shape rule but not the platform's.
    await user.clear(password);
    await user.type(password, 'Azerty123');
    await user.tab();
    expect(await screen.findByText('Ce mot de passe est trop courant : choisissez-en un autre.')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Nouveau2026');
    await user.type(confirmation, 'Nouveau2025');
    await user.tab();
    expect(await screen.findByText('Les deux mots de passe ne sont pas identiques.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(confirmation);
    await user.type(confirmation, 'Nouveau2026');
    // The current password is asked too.
    expect(submit).toBeDisabled();
    await user.type(current, 'Demo2026!');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText('Votre mot de passe a été modifié.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/clients/me:change-password')[0]?.body).toEqual({
      password: 'Nouveau2026',
      currentPassword: 'Demo2026!',
    });
    expect(password).toHaveValue('');
    expect(current).toHaveValue('');
  });

  it('shows a wrong current password under its field', async () => {
    signInCustomer();
    personalApi({
      'POST /api/clients/me:change-password': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { currentPassword: ["Le mot de passe actuel n'est pas le bon."] },
        }),
    });
    renderRoute('/extranet/personal-info');
    const user = userEvent.setup();
    const form = await formOf('Mot de passe');
    const current = within(form).getByLabelText(/^Mot de passe actuel/);
    await user.type(current, 'Oublie2026');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Nouveau2026');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Nouveau2026');
    await user.click(screen.getByRole('button', { name: 'Modifier mon mot de passe' }));
    expect(await within(form).findByText("Le mot de passe actuel n'est pas le bon.")).toBeInTheDocument();
    expect(current).toHaveAccessibleDescription(/Le mot de passe actuel n'est pas le bon/);
    expect(current).toHaveValue('Oublie2026');
  });

  it('shows the server message of validation_failed under the password and keeps what was typed', async () => {
    signInCustomer();
    personalApi({
      'POST /api/clients/me:change-password': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Données invalides',
          errors: { password: ['Ce mot de passe est trop courant'] },
        }),
    });
    renderRoute('/extranet/personal-info');
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^Nouveau mot de passe/);
    await user.type(within(await formOf('Mot de passe')).getByLabelText(/^Mot de passe actuel/), 'Demo2026!');
    await user.type(password, 'Granules2027');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Granules2027');
    await user.click(screen.getByRole('button', { name: 'Modifier mon mot de passe' }));
    expect(await screen.findByText('Ce mot de passe est trop courant')).toBeInTheDocument();
    expect(password).toHaveValue('Granules2027');
  });

  it('changes the sign-in email: redirect to this page, 202 verification, same_email and email_already_used explained', async () => {
    signInCustomer();
    const answers = [
      () => new Response(null, { status: 202 }),
      () => json(400, { code: 'same_email', message: 'Même adresse' }),
      () => json(409, { code: 'email_already_used', message: 'Déjà utilisée' }),
      () => new Response(null, { status: 204 }),
    ];
    const api = personalApi({ 'POST /api/clients/me:open-email-change': () => (answers.shift() as () => Response)() });
    renderRoute('/extranet/personal-info');
    const user = userEvent.setup();
    expect(await screen.findByText('client@demo.fr')).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /Nouvelle adresse email/ });
    const current = within(await formOf('Adresse email de connexion')).getByLabelText(/^Mot de passe actuel/);
    const save = screen.getByRole('button', { name: 'Modifier mon adresse email' });

    await user.type(email, 'sophie@exemple.fr');
    await user.type(current, 'Demo2026!');
    await user.click(save);
    expect(
      await screen.findAllByText(
        "Un email de vérification a été envoyé à sophie@exemple.fr. Cliquez sur le lien qu'il contient pour confirmer votre nouvelle adresse.",
      ),
    ).not.toHaveLength(0);
    expect(api.callsTo('POST', '/api/clients/me:open-email-change')[0]?.body).toEqual({
      emailAddress: 'sophie@exemple.fr',
      redirectUrl: `${window.location.origin}/extranet/personal-info`,
      currentPassword: 'Demo2026!',
    });
    // Sent: the current password is not kept.
    expect(current).toHaveValue('');

    await user.type(current, 'Demo2026!');
    await user.click(save);
    expect(
      await screen.findByText("C'est déjà votre adresse email de connexion : aucun changement n'a été fait."),
    ).toBeInTheDocument();
    await user.type(email, 'x');
    await user.click(save);
    expect(await screen.findByText('Cette adresse email est déjà utilisée par un autre compte client.')).toBeInTheDocument();
    await user.type(email, 'y');
    await user.click(save);
    expect(await screen.findByText('Adresse email modifiée')).toBeInTheDocument();
  });

  it('asks the current password for an email change and shows the server refusing it', async () => {
    signInCustomer();
    const api = personalApi({
      'POST /api/clients/me:open-email-change': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { currentPassword: ["Le mot de passe actuel n'est pas le bon."] },
        }),
    });
    renderRoute('/extranet/personal-info');
    const user = userEvent.setup();
    const form = await formOf('Adresse email de connexion');
    await user.type(within(form).getByRole('textbox', { name: /Nouvelle adresse email/ }), 'sophie@exemple.fr');
    await user.click(within(form).getByRole('button', { name: 'Modifier mon adresse email' }));
    // Empty: refused before anything is sent.
    expect(await within(form).findByText('Veuillez remplir ce champ')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/clients/me:open-email-change')).toHaveLength(0);
    await user.type(within(form).getByLabelText(/^Mot de passe actuel/), 'Oublie2026');
    await user.click(within(form).getByRole('button', { name: 'Modifier mon adresse email' }));
    expect(await within(form).findByText("Le mot de passe actuel n'est pas le bon.")).toBeInTheDocument();
  });

  it('checks the email on blur once changed, saying an invalid address is invalid', async () => {
    signInCustomer();
    personalApi();
    renderRoute('/extranet/personal-info');
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: /Nouvelle adresse email/ });
    // Only passed through: nothing is said yet.
    await user.click(email);
    await user.tab();
    expect(screen.queryByText('Veuillez remplir ce champ')).not.toBeInTheDocument();
    await user.type(email, 'pas-une-adresse');
    await user.tab();
    expect(await screen.findByText('Veuillez saisir une adresse email valide')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifier mon adresse email' })).toBeDisabled();
  });

  it('confirms an email change that came back with emailModified=true', async () => {
    signInCustomer();
    personalApi();
    renderRoute('/extranet/personal-info?emailModified=true');
    expect(
      await screen.findByText('Votre nouvelle adresse email est confirmée : utilisez-la désormais pour vous connecter.'),
    ).toBeInTheDocument();
    // The token still carries the former address until its refresh: it is not shown as current.
    expect(screen.queryByText('client@demo.fr')).not.toBeInTheDocument();
  });

  it('renews the session at load (spec 03 §7): an address changed elsewhere shows at once', async () => {
    signInCustomer();
    const renewed = makeToken({
      aud: 'extranet',
      given_name: 'Sophie',
      family_name: 'Lefèvre',
      email_address: 'sophie.nouvelle@demo.fr',
    });
    const api = personalApi({
      'POST /api/auth/refresh': () => json(200, { accessToken: renewed, refreshToken: 'refresh-2' }),
    });
    renderRoute('/extranet/personal-info');
    expect(await screen.findByText('sophie.nouvelle@demo.fr')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/refresh')[0]?.body).toEqual({ refreshToken: 'refresh-extranet' });
  });

  it('a refused renewal ends the session and goes to the login, remembering the page', async () => {
    signInCustomer();
    personalApi({
      'POST /api/auth/refresh': () =>
        json(400, { code: 'invalid_refresh_token', message: 'Votre session a expiré, veuillez vous reconnecter.' }),
    });
    const { router } = renderRoute('/extranet/personal-info');
    await waitForPath(router, '/extranet/login');
  });
});
