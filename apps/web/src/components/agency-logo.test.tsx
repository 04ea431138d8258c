import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { AgencyLogo } from './AgencyLogo';

const logo = (logoFilePath: string | null, size?: number) =>
  render(
    <AppProviders env="test">
      <AgencyLogo name="Thermi'Nord Lille" logoFilePath={logoFilePath} size={size} />
    </AppProviders>,
  );

describe('AgencyLogo', () => {
  it("asks the file store for the logo's preview, the same one at every size (one request)", () => {
    for (const size of [28, 36, 60]) {
      const { unmount } = logo('/api/files/86', size);
      expect(screen.getByRole('img', { name: "Logo de Thermi'Nord Lille" })).toHaveAttribute('src', '/api/files/86?width=192');
      unmount();
    }
  });

  it('keeps an address outside the file store as it is', () => {
    logo('https://cdn.example.fr/logo.png', 36);
    expect(screen.getByRole('img')).toHaveAttribute('src', 'https://cdn.example.fr/logo.png');
  });

  it("shows the agency's initials without a usable address", () => {
    logo('logo.png');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('TN')).toBeInTheDocument();
  });
});
