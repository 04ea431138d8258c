import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from './notify';

afterEach(() => notifications.clean());

const shown = () => {
  const { notifications: visible, queue } = notificationsStore.getState();
  return [...visible, ...queue].map((n) => ({ color: n.color, message: n.message }));
};

describe('popover notices', () => {
  it('a success clears the error still shown beside it (issue 12 §3)', () => {
    notifyError("L'enregistrement a échoué.");
    expect(shown()).toEqual([{ color: 'red', message: "L'enregistrement a échoué." }]);
    notifySuccess('Enregistré.');
    expect(shown()).toEqual([{ color: 'teal', message: 'Enregistré.' }]);
  });

  it('names the close button in French and keeps an error beside another error', () => {
    notifyError('Première erreur');
    notifyError('Seconde erreur');
    expect(shown()).toHaveLength(2);
    const [first] = notificationsStore.getState().notifications;
    expect(first?.closeButtonProps).toEqual({ 'aria-label': 'Fermer' });
  });
});
