import type { EventAnalyticsDto } from '@mingle/shared/analytics/contract';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formattingLocale } from '@/lib/i18n';

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat(formattingLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const tooltipStyle = { borderRadius: 8, borderColor: 'var(--color-border)', fontSize: 13 };

interface Series {
  key: string;
  name: string;
  color: string;
}

/** A chart (hidden from screen readers) with a table of the same numbers for them. */
function ChartWithTable({
  caption,
  rows,
  labelKey,
  series,
  kind,
  layout = 'horizontal',
}: {
  caption: string;
  rows: Array<Record<string, string | number>>;
  labelKey: string;
  series: Series[];
  kind: 'line' | 'bar';
  layout?: 'horizontal' | 'vertical';
}) {
  const { t } = useTranslation('analytics');
  const vertical = layout === 'vertical';
  return (
    <>
      <div className={vertical ? 'w-full min-w-0 overflow-hidden' : 'h-64 w-full min-w-0 overflow-hidden'} style={vertical ? { height: Math.max(160, rows.length * 44 + 60) } : undefined} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={rows} layout={layout} margin={{ top: 8, right: 12, bottom: 0, left: vertical ? 8 : -16 }}>
            <CartesianGrid vertical={vertical} horizontal={!vertical} stroke="var(--color-border)" />
            <XAxis
              type={vertical ? 'number' : 'category'}
              dataKey={vertical ? undefined : labelKey}
              allowDecimals={false}
              tickLine={false}
              axisLine={false}
              fontSize={12}
              minTickGap={16}
            />
            <YAxis
              type={vertical ? 'category' : 'number'}
              dataKey={vertical ? labelKey : undefined}
              width={vertical ? 140 : 40}
              allowDecimals={false}
              tickLine={false}
              axisLine={false}
              fontSize={12}
            />
            <Tooltip cursor={{ fill: 'var(--color-accent)' }} contentStyle={tooltipStyle} />
            <Legend iconType="circle" wrapperStyle={{ fontSize: 13 }} />
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={4} maxBarSize={kind === 'line' ? 14 : 24} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labelKey === 'label' ? t('Day') : t('Name')}</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <th scope="row">{row[labelKey]}</th>
              {series.map((s) => (
                <td key={s.key}>{row[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </>
  );
}

export function ActivityChart({ daily }: { daily: EventAnalyticsDto['daily'] }) {
  const { t } = useTranslation('analytics');
  return (
    <ChartWithTable
      caption={t('Activity per day')}
      kind="line"
      labelKey="label"
      rows={daily.map((day) => ({ ...day, label: dayLabel(day.date) }))}
      series={[
        { key: 'pageViews', name: t('Page views'), color: 'var(--color-brand-500)' },
        { key: 'sessionViews', name: t('Session views'), color: 'var(--color-spark-400)' },
        { key: 'boothVisits', name: t('Booth visits'), color: '#0d9488' },
        { key: 'engagements', name: t('Engagements'), color: '#e11d48' },
        { key: 'registrations', name: t('Registrations'), color: '#64748b' },
      ]}
    />
  );
}

const short = (text: string) => (text.length > 22 ? `${text.slice(0, 21)}…` : text);

export function SessionsChart({ sessions, by }: { sessions: EventAnalyticsDto['sessions']; by: 'views' | 'bookmarks' }) {
  const { t } = useTranslation('analytics');
  const rows = [...sessions]
    .sort((a, b) => b[by] - a[by] || a.title.localeCompare(b.title))
    .slice(0, 5)
    .map((s) => ({ name: short(s.title), views: s.views, bookmarks: s.bookmarks }));
  return (
    <ChartWithTable
      caption={by === 'views' ? t('Most viewed sessions') : t('Most bookmarked sessions')}
      kind="bar"
      layout="vertical"
      labelKey="name"
      rows={rows}
      series={[by === 'views' ? { key: 'views', name: t('Views'), color: 'var(--color-brand-500)' } : { key: 'bookmarks', name: t('Bookmarks'), color: 'var(--color-spark-400)' }]}
    />
  );
}

export function SponsorsChart({ sponsors }: { sponsors: EventAnalyticsDto['sponsors'] }) {
  const { t } = useTranslation('analytics');
  return (
    <ChartWithTable
      caption={t('Booth visits and leads per sponsor')}
      kind="bar"
      layout="vertical"
      labelKey="name"
      rows={sponsors.map((s) => ({ name: short(s.companyName), boothVisits: s.boothVisits, leads: s.leads }))}
      series={[
        { key: 'boothVisits', name: t('Booth visits'), color: 'var(--color-brand-500)' },
        { key: 'leads', name: t('Leads'), color: 'var(--color-spark-400)' },
      ]}
    />
  );
}
