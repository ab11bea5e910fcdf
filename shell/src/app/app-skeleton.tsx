const Block = ({ variant, width }: { variant?: 'title' | 'logo'; width?: string }) => (
  <span className={`bahi-skeleton__block${variant ? ` bahi-skeleton__block--${variant}` : ''}`} style={width ? { width } : undefined} />
);

const Lines = ({ widths }: { widths: string[] }) => (
  <div className="bahi-skeleton__lines">
    {widths.map((w, i) => (
      <Block key={i} width={w} />
    ))}
  </div>
);

/**
 * The shape of the app while its code arrives and the session is checked: sidebar, header and content, greyed.
 * Plain HTML and CSS, since it shows before antd has loaded.
 */
export function AppSkeleton({ label = 'Loading Bahi' }: { label?: string }) {
  return (
    <div className="bahi-skeleton" role="status" aria-live="polite" aria-label={label}>
      <div className="bahi-skeleton__sider">
        <Block variant="logo" />
        <Lines widths={['80%', '70%', '85%', '60%', '75%', '65%', '80%', '55%']} />
      </div>
      <div className="bahi-skeleton__main">
        <div className="bahi-skeleton__header">
          <Block width="200px" />
          <Block width="32px" />
        </div>
        <div className="bahi-skeleton__content">
          <Block variant="title" />
          <div className="bahi-skeleton__card">
            <Lines widths={['100%', '92%', '96%', '70%', '88%']} />
          </div>
        </div>
      </div>
    </div>
  );
}
