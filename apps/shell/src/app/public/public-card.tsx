import { useEffect, type ReactNode } from 'react';
import { brandTitle, theme, useConsoleBrand } from '@smsc/shared-ui/core';

/**
 * The frame of the five public screens: no side bar, no header (docs/spec.md §2). A plain box drawn with
 * the theme's tokens rather than antd's Card and Typography, which would bring Tabs, Menu and the
 * copy/edit tooling onto /login.
 */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const brand = useConsoleBrand();
  useEffect(() => {
    document.title = brandTitle(title, brand);
  }, [title, brand]);
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: token.colorBgLayout,
        padding: 16,
      }}
    >
      <section
        style={{
          width: 420,
          maxWidth: '100%',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
        }}
      >
        {brand.logo_url ? (
          <img src={brand.logo_url} alt={brand.name} style={{ maxHeight: 48, maxWidth: '100%', marginBottom: 12 }} />
        ) : null}
        <h1
          style={{
            fontSize: 24,
            fontWeight: token.fontWeightStrong,
            color: token.colorTextHeading,
            lineHeight: 1.35,
            margin: '0 0 0.5em',
          }}
        >
          {title}
        </h1>
        {children}
        {brand.support_email || brand.support_phone || brand.legal_footer ? (
          <footer style={{ marginTop: token.marginLG, fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
            {[brand.support_email, brand.support_phone].filter(Boolean).join(' · ')}
            {brand.legal_footer ? <div>{brand.legal_footer}</div> : null}
          </footer>
        ) : null}
      </section>
    </main>
  );
}
