import { DIRECTORY_MAP_BOUNDS } from '@reseau/contracts/constants/directory';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('fitted to bounds', () => {
    afterEach(() => vi.restoreAllMocks());

    const places = [
      ['Dunkerque', 51.03, 2.38],
      ['Lille', 50.63, 3.06],
      ['Ajaccio', 41.92, 8.74],
      ['Brest', 48.39, -4.49],
      ['Strasbourg', 48.58, 7.75],
    ] as const;

    it('shows metropolitan France whole in a wide, low box: Dunkerque and Lille as well as Ajaccio, Brest and Strasbourg', async () => {
      // jsdom does no layout: the map's box is given the size of the directory's map on a desktop.
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(420);
      render(
        <AppProviders env="test">
          <LazyMarkerMap
            markers={places.map(([title, latitude, longitude]) => ({ id: title, title, latitude, longitude, popup: title }))}
            center={{ latitude: 47, longitude: 2.4 }}
            zoom={6}
            bounds={DIRECTORY_MAP_BOUNDS}
            label="Carte de test"
            tileUrl="https://tiles.example.fr/{z}/{x}/{y}.png"
          />
        </AppProviders>,
      );
      const map = await screen.findByRole('region', { name: 'Carte de test' });
      for (const [title] of places) {
        const marker = await within(map).findByRole('button', { name: title });
        // Before any pan, a marker's place in its pane is its place in the box (jsdom: left and top).
        const x = Number.parseFloat(marker.style.left);
        const y = Number.parseFloat(marker.style.top);
        expect({ title, inside: x > 0 && x < 1000 && y > 0 && y < 420 }).toEqual({ title, inside: true });
      }
    });
  });
});
