import type { SponsorDashboardDto } from '@mingle/shared/sponsors/contract';
import { formattingLocale } from '@/lib/i18n';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat(formattingLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** Booth visits and leads per day (UTC), as bars; a table with the same numbers for screen readers. */
export function VisitsChart({ daily }: { daily: SponsorDashboardDto['daily'] }) {
  const { t } = useTranslation('sponsors');
  const data = daily.map((day) => ({ ...day, label: dayLabel(day.date) }));
  return (
    <>
      <div className="h-64 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} minTickGap={16} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} />
            <Tooltip cursor={{ fill: 'var(--color-accent)' }} contentStyle={{ borderRadius: 8, borderColor: 'var(--color-border)', fontSize: 13 }} />
            <Legend iconType="circle" wrapperStyle={{ fontSize: 13 }} />
            <Bar dataKey="visits" name={t('Booth visits')} fill="var(--color-brand-500)" radius={[4, 4, 0, 0]} maxBarSize={28} />
            <Bar dataKey="leads" name={t('Leads')} fill="var(--color-spark-400)" radius={[4, 4, 0, 0]} maxBarSize={28} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{t('Booth visits and leads per day')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Day')}</th>
            <th scope="col">{t('Booth visits')}</th>
            <th scope="col">{t('Leads')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.label}</th>
              <td>{day.visits}</td>
              <td>{day.leads}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
