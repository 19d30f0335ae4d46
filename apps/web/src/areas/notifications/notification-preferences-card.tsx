import {
  NOTIFICATION_CHANNELS,
  SESSION_REMINDER_LEADS,
  type NotificationChannel,
  type SessionReminderLead,
} from "@mingle/shared/core/constants";
import type { NotificationSwitches } from "@mingle/shared/notifications/contract";
import {
  leadTime,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
} from "@mingle/shared/notifications/texts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/lib/toast";
import {
  notificationPreferencesQueryOptions,
  useSaveNotificationPreferences,
} from "./api";
import { PushDeviceControl } from "./push-device-control";

const CHANNEL_LABELS = {
  email: "Email",
  push: "Push",
  inApp: "In-app",
} as const satisfies Record<NotificationChannel, string>;

/** The profile page's switch grid: for each kind of notification, email, push and in-app, each saved as it is flipped. */
export function NotificationPreferencesCard() {
  const { t } = useTranslation("notifications");
  const { data, isPending, isError } = useQuery(
    notificationPreferencesQueryOptions,
  );
  const save = useSaveNotificationPreferences();
  const flip = (
    row: NotificationSwitches & { kind: keyof typeof NOTIFICATION_KIND_LABELS },
    channel: NotificationChannel,
    on: boolean,
  ) =>
    save.mutate(
      { preferences: [{ ...row, [channel]: on }] },
      {
        onError: () =>
          toast.error(t(NOTIFICATION_MESSAGES.preferencesFailed, { ns: "messages" })),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("Notifications")}</CardTitle>
        <CardDescription>
          {t(
            "Choose how Mingle tells you about meetings, messages, goodies, answers and reminders.",
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PushDeviceControl />
        {isPending ? (
          <div className="grid gap-3">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-8" />
            ))}
          </div>
        ) : isError ? (
          <p className="text-sm text-destructive">
            {t(NOTIFICATION_MESSAGES.loadFailed, { ns: "messages" })}
          </p>
        ) : (
          <>
            <table
              className="w-full border-separate border-spacing-0 text-sm"
              data-testid="notification-preferences"
            >
              <thead>
                <tr>
                  <th
                    scope="col"
                    className="pb-2 text-left font-medium text-muted-foreground"
                  >
                    <span className="sr-only">{t("Kind")}</span>
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <th
                      key={channel}
                      scope="col"
                      className="w-14 pb-2 text-center text-xs font-medium text-muted-foreground sm:w-20"
                    >
                      {t(CHANNEL_LABELS[channel])}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.preferences.map((row) => (
                  <tr
                    key={row.kind}
                    className="[&>*]:border-t [&>*]:border-border"
                  >
                    <th scope="row" className="py-3 pr-2 text-left font-medium">
                      {t(NOTIFICATION_KIND_LABELS[row.kind], { ns: "messages" })}
                    </th>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <td key={channel} className="py-3 text-center">
                        <Switch
                          checked={row[channel]}
                          onCheckedChange={(on) => flip(row, channel, on)}
                          aria-label={t("{{kind}}: {{channel}}", {
                            kind: t(NOTIFICATION_KIND_LABELS[row.kind], { ns: "messages" }),
                            channel: t(CHANNEL_LABELS[channel]),
                          })}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="mt-4 flex flex-col gap-2 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
              <label id="session-reminder-lead" className="text-sm font-medium">
                {t("Remind me of bookmarked sessions")}
              </label>
              <Select
                value={String(data.sessionReminderMinutes)}
                onValueChange={(value) =>
                  save.mutate(
                    {
                      sessionReminderMinutes: Number(
                        value,
                      ) as SessionReminderLead,
                    },
                    {
                      onError: () =>
                        toast.error(
                          t(NOTIFICATION_MESSAGES.preferencesFailed, { ns: "messages" }),
                        ),
                    },
                  )
                }
              >
                <SelectTrigger
                  className="sm:w-56"
                  aria-labelledby="session-reminder-lead"
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {SESSION_REMINDER_LEADS.map((minutes) => (
                    <SelectItem key={minutes} value={String(minutes)}>
                      {t("{{lead}} before", { lead: t(leadTime(minutes), { ns: "messages" }) })}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
