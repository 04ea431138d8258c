import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconCircleX, IconCreditCardOff, IconReceiptRefund } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n';

/** `refundDue`: the payment was taken but the invoice was already paid; the agency refunds it. */
export type PaymentOutcome = 'pending' | 'success' | 'refundDue' | 'failed' | 'cancelled';

const LOOKS: Record<Exclude<PaymentOutcome, 'pending'>, { color: string; icon: ReactNode }> = {
  success: { color: 'teal', icon: <IconCircleCheck size={40} /> },
  refundDue: { color: 'orange', icon: <IconReceiptRefund size={40} /> },
  failed: { color: 'red', icon: <IconCircleX size={40} /> },
  cancelled: { color: 'orange', icon: <IconCreditCardOff size={40} /> },
};

/** The payment result screen (spec 03 §2): a title, a subtitle and a way back home. */
export function PaymentResult({ outcome, extra }: { outcome: PaymentOutcome; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} maw={560} w="100%">
        {outcome === 'pending' ? (
          <Stack align="center" ta="center" gap="md" role="status" aria-live="polite">
            <Loader size="lg" aria-hidden="true" />
            <Title order={1} size="h3">
              {t('extranet.payment.pendingTitle')}
            </Title>
            <Text c="dimmed">{t('extranet.payment.pendingText')}</Text>
          </Stack>
        ) : (
          <Stack align="center" ta="center" gap="md" role={outcome === 'success' || outcome === 'refundDue' ? 'status' : 'alert'}>
            <ThemeIcon size={76} radius="xl" variant="light" color={LOOKS[outcome].color}>
              {LOOKS[outcome].icon}
            </ThemeIcon>
            <Title order={1} size="h2">
              {t(`extranet.payment.${outcome}Title`)}
            </Title>
            <Text c="dimmed" maw={440}>
              {t(`extranet.payment.${outcome}Text`)}
            </Text>
            <Group justify="center" gap="sm" mt="sm">
              {extra}
              <Button component={Link} to="/extranet" leftSection={<IconArrowLeft size={18} />}>
                {t('common.backHome')}
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
