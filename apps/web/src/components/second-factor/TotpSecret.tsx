import { Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** `ABCD EFGH …`: the secret in groups of four, easier to type by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * The authenticator to add: its QR code (an SVG drawn here from the `otpauth://` address, so the
 * secret never leaves the browser for an image service) and the secret as text for manual entry.
 * The QR library (~25 KB) is fetched when this block shows.
 */
export function TotpSecret({
  secret,
  otpauthUri,
  qrAlt,
  manualLabel,
}: {
  secret: string;
  otpauthUri: string;
  qrAlt: string;
  manualLabel: string;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (live) setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [otpauthUri]);
  return (
    <Group align="center" gap="lg" wrap="wrap">
      {svg ? (
        <Image src={svg} alt={qrAlt} w={184} h={184} bg="white" p={4} radius="sm" />
      ) : (
        <Skeleton w={184} h={184} aria-label={qrAlt} />
      )}
      <Stack gap={4} miw={0} style={{ flex: '1 1 200px' }}>
        <Text size="sm">{manualLabel}</Text>
        <Text ff="monospace" fz="lg" fw={600} data-testid="totp-secret" style={{ wordBreak: 'break-word' }}>
          {grouped(secret)}
        </Text>
      </Stack>
    </Group>
  );
}
