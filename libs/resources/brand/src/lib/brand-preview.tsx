import { useMemo } from 'react';
import { Button, ConfigProvider, Flex, Typography, brandTokensOf, buildTheme, theme } from '@smsc/shared-ui';

export interface PreviewBrand {
  name: string;
  primary_color: string;
  logo: string | null;
  support: string;
  legal_footer: string;
}

/** One theme's sign-in card as a customer would see it. */
function Sample({ brand }: { brand: PreviewBrand }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        flex: 1,
        minWidth: 220,
        padding: 16,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
      }}
    >
      {brand.logo ? <img src={brand.logo} alt="" style={{ maxHeight: 40, maxWidth: '100%' }} /> : null}
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        Sign in to {brand.name || '…'}
      </Typography.Title>
      <Flex gap={12} align="center" wrap>
        <Button type="primary" tabIndex={-1}>
          Sign in
        </Button>
        <Typography.Link tabIndex={-1}>Forgot password?</Typography.Link>
      </Flex>
      {brand.support || brand.legal_footer ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
          {brand.support}
          {brand.support && brand.legal_footer ? <br /> : null}
          {brand.legal_footer}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}

/**
 * The brand as it will look, in the light and the dark theme side by side, redrawn on every keystroke: the same
 * tokens the console builds from the brand (libs/shared/ui brand.ts), so what is previewed is what is served.
 */
export function BrandPreview({ brand }: { brand: PreviewBrand }) {
  const valid = /^#[0-9a-f]{6}$/i.test(brand.primary_color);
  const tokens = useMemo(() => brandTokensOf(valid ? brand.primary_color : null), [valid, brand.primary_color]);
  return (
    <section aria-label="Preview" data-testid="brand-preview">
      <Flex gap={12} wrap>
        {[false, true].map((dark) => (
          <ConfigProvider key={String(dark)} theme={buildTheme({ dark, brandTokens: tokens })}>
            <Sample brand={brand} />
          </ConfigProvider>
        ))}
      </Flex>
    </section>
  );
}
