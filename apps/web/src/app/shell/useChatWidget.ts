import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Me, Partner } from '@pc/contract';
import { fetchAppConfig } from '../../brand/api';
import { brandKeys } from '../../brand/keys';
import { useAfterFirstPaint } from '../../ui/useAfterFirstPaint';

type ChatWidgetSettings = {
  alignment: 'right';
  horizontalPadding: number;
  verticalPadding: number;
  userAttributes: { name: string; email: string; partner: string };
};
type WidgetWindow = Window & { chatWidgetSettings?: ChatWidgetSettings };

const SCRIPT_ID = 'chat-widget-script';

/**
 * Starts the customer-chat widget once signed in, when the deployment configures one: its script is
 * added once the page's first content is on screen, not beside it.
 */
export const useChatWidget = (me: Me, partner: Partner | null): void => {
  const config = useQuery({ queryKey: brandKeys.appConfig(), queryFn: fetchAppConfig, staleTime: Infinity });
  const scriptUrl = config.data?.chatWidgetScriptUrl ?? null;
  const painted = useAfterFirstPaint();

  useEffect(() => {
    if (!painted || !scriptUrl || document.getElementById(SCRIPT_ID)) return;
    (window as WidgetWindow).chatWidgetSettings = {
      alignment: 'right',
      horizontalPadding: 20,
      verticalPadding: 20,
      userAttributes: { name: me.name, email: me.agent?.email ?? '', partner: partner?.name ?? '' },
    };
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = scriptUrl;
    script.async = true;
    document.body.appendChild(script);
  }, [painted, scriptUrl, me, partner]);
};
