import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { extranetHandlers, signInCustomer } from '../../../test/extranet-fixtures';
import { json, mockApi, renderRoute } from '../../../test/utils';

describe('FAQ', () => {
  it('shows the themes as tabs, questions unfolding to their rich-text answer, and an empty theme', async () => {
    signInCustomer();
    const api = mockApi(
      extranetHandlers({
        'GET /api/faq-entries': ({ url }) =>
          json(200, {
            faqEntries:
              url.searchParams.get('theme') === 'maintenance'
                ? [
                    {
                      id: 1,
                      theme: 'maintenance',
                      question: "L'entretien annuel est-il obligatoire ?",
                      answer: '<p>Oui, <strong>chaque année</strong>.</p><ul><li>chaudières gaz</li></ul>',
                    },
                  ]
                : [],
          }),
      }),
    );
    renderRoute('/extranet/faq');
    expect(await screen.findByRole('heading', { name: 'Questions fréquentes', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Entretien',
      'Dépannage',
      'Contrat',
      'Facture',
      'Espace client',
    ]);
    expect(screen.getByRole('tab', { name: 'Entretien' })).toHaveAttribute('aria-selected', 'true');

    const user = userEvent.setup();
    const question = await screen.findByRole('button', { name: "L'entretien annuel est-il obligatoire ?" });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByText('chaque année');
    expect(answer.tagName).toBe('STRONG');
    expect(within(answer.closest('div') as HTMLElement).getByText('chaudières gaz').tagName).toBe('LI');

    await user.click(screen.getByRole('tab', { name: 'Facture' }));
    expect(await screen.findByText('Aucune question pour ce thème')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/faq-entries').map((c) => c.url.searchParams.get('theme'))).toEqual([
      'maintenance',
      'bill',
    ]);
  });

  it('keeps the theme in the URL: a link with ?tab= opens that tab, and choosing one rewrites it', async () => {
    signInCustomer();
    mockApi(extranetHandlers({ 'GET /api/faq-entries': () => json(200, { faqEntries: [] }) }));
    const { router } = renderRoute('/extranet/faq?tab=repair');
    expect(await screen.findByRole('tab', { name: 'Dépannage' })).toHaveAttribute('aria-selected', 'true');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Contrat' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=contract'));
  });

  it('says when the FAQ cannot be loaded', async () => {
    signInCustomer();
    mockApi(extranetHandlers({ 'GET /api/faq-entries': () => json(500, { code: 'internal_error', message: 'panne' }) }));
    renderRoute('/extranet/faq');
    expect((await screen.findAllByText('Erreur lors du chargement de la FAQ', {}, { timeout: 5000 })).length).toBeGreaterThan(0);
  });
});
