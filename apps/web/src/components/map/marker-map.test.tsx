import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { LazyMarkerMap } from './LazyMarkerMap';

const markers = [
  { id: 1, latitude: 50.63, longitude: 3.06, title: 'Agence de Lille', popup: <p>Carte de Lille</p> },
  { id: 2, latitude: 47.9, longitude: 1.91, title: "Agence d'Orléans", popup: <p>Carte d'Orléans</p> },
];

function renderMap() {
  return render(
    <AppProviders env="test">
      <LazyMarkerMap
        markers={markers}
        center={{ latitude: 46.6, longitude: 2.4 }}
        zoom={6}
        label="Carte de test"
        tileUrl="https://tiles.example.fr/{z}/{x}/{y}.png"
        attribution="© Tuiles de test"
      />
    </AppProviders>,
  );
}

describe('LazyMarkerMap', () => {
  it('loads the map, with one focusable, named marker per place and the tile attribution', async () => {
    renderMap();
    const map = await screen.findByRole('region', { name: 'Carte de test' });
    const buttons = await within(map).findAllByRole('button', { name: /Agence/ });
    expect(buttons.map((b) => b.getAttribute('title'))).toEqual(['Agence de Lille', "Agence d'Orléans"]);
    for (const button of buttons) expect(button).toHaveAttribute('tabindex', '0');
    expect(within(map).getByText('© Tuiles de test')).toBeInTheDocument();
    const tile = map.querySelector<HTMLImageElement>('img.leaflet-tile');
    expect(tile?.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\.fr\/6\/\d+\/\d+\.png$/);
    // Leaflet sets the property (browsers reflect it as the attribute): tile servers need a referrer.
    expect(tile?.referrerPolicy).toBe('strict-origin-when-cross-origin');
  });

  it('opens the popup card of a marker, one at a time', async () => {
    renderMap();
    const map = await screen.findByRole('region', { name: 'Carte de test' });
    fireEvent.click(await within(map).findByRole('button', { name: 'Agence de Lille' }));
    expect(await within(map).findByText('Carte de Lille')).toBeInTheDocument();
    fireEvent.click(within(map).getByRole('button', { name: "Agence d'Orléans" }));
    expect(await within(map).findByText("Carte d'Orléans")).toBeInTheDocument();
    expect(within(map).queryByText('Carte de Lille')).not.toBeInTheDocument();
  });
});
