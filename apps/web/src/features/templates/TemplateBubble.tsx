import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PasswordIcon from '@mui/icons-material/Password';
import PhoneIcon from '@mui/icons-material/Phone';
import ReplyIcon from '@mui/icons-material/Reply';
import VideocamIcon from '@mui/icons-material/Videocam';
import { Box, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { BubbleButton, BubbleModel } from './bubble';
import { StyledText } from './StyledText';

const chatBackground = '#efeae2';
const linkBlue = '#027eb5';

const Placeholder = ({ icon, label }: { icon: ReactNode; label: string }) => (
  <Box
    role="img"
    aria-label={label}
    sx={{
      display: 'grid',
      placeItems: 'center',
      height: 140,
      borderRadius: 1,
      bgcolor: '#d9dee2',
      color: '#7b8a95',
      '& svg': { fontSize: 48 },
    }}
  >
    {icon}
  </Box>
);

const fileNameOf = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || url;
  } catch {
    return url;
  }
};

/** The media header from the sample URL; a placeholder until there is one (or when it does not load). */
const MediaHeader = ({ type, url }: { type: BubbleModel['type']; url: string }) => {
  const [brokenUrl, setBrokenUrl] = useState('');
  const broken = brokenUrl === url;
  if (type === 'LOCATION') return <Placeholder icon={<LocationOnIcon />} label="Location" />;
  if (type === 'IMAGE')
    return url && !broken ? (
      <Box
        component="img"
        src={url}
        alt="Sample image"
        onError={() => setBrokenUrl(url)}
        sx={{ display: 'block', width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 1 }}
      />
    ) : (
      <Placeholder icon={<ImageIcon />} label="Image" />
    );
  if (type === 'VIDEO')
    return url && !broken ? (
      <Box
        component="video"
        src={url}
        controls
        preload="metadata"
        aria-label="Sample video"
        onError={() => setBrokenUrl(url)}
        sx={{ display: 'block', width: '100%', maxHeight: 220, borderRadius: 1, bgcolor: '#000' }}
      />
    ) : (
      <Placeholder icon={<VideocamIcon />} label="Video" />
    );
  if (type === 'FILE')
    return (
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, borderRadius: 1, bgcolor: '#f0f2f5', minWidth: 0 }}
      >
        <DescriptionIcon sx={{ color: '#e53935' }} />
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {url ? fileNameOf(url) : 'Document'}
        </Typography>
      </Box>
    );
  return null;
};

const buttonIcons = {
  reply: ReplyIcon,
  url: OpenInNewIcon,
  phone: PhoneIcon,
  copy: ContentCopyIcon,
  autofill: PasswordIcon,
} as const;

const Buttons = ({ buttons }: { buttons: BubbleButton[] }) => (
  <Box component="ul" aria-label="Template buttons" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
    {buttons.map((b, i) => {
      const Icon = buttonIcons[b.kind];
      return (
        <Box
          component="li"
          key={i}
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            py: 1,
            px: 1.5,
            bgcolor: '#fff',
            borderRadius: 2,
            color: linkBlue,
            fontSize: 14,
            fontWeight: 500,
            boxShadow: '0 1px 0.5px rgba(11,20,26,.13)',
            minWidth: 0,
          }}
        >
          <Icon sx={{ fontSize: 18 }} aria-hidden />
          <Box component="span" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {b.title || '\u00a0'}
          </Box>
        </Box>
      );
    })}
  </Box>
);

/**
 * A template as WhatsApp shows it: the bubble (header text or media, the body with its styling and
 * sample values, the footer in grey) and its buttons below, with a note when the text is not yet
 * Meta's own. The preview dialog, the detail screen and the Create dialog's live preview use this
 * one component.
 */
export const TemplateBubble = ({ model, label = 'Template preview' }: { model: BubbleModel; label?: string }) => (
  <Box
    component="figure"
    aria-label={label}
    data-testid="template-bubble"
    sx={{ m: 0, p: 2, bgcolor: chatBackground, borderRadius: 2, minWidth: 0 }}
  >
    <Box sx={{ maxWidth: 340, mx: 'auto', display: 'grid', gap: 0.5 }}>
      <Box
        sx={{
          bgcolor: '#fff',
          borderRadius: 2,
          borderTopLeftRadius: 0,
          p: 1,
          boxShadow: '0 1px 0.5px rgba(11,20,26,.13)',
          display: 'grid',
          gap: 0.75,
          minWidth: 0,
          color: '#111b21',
        }}
      >
        {model.type === 'TEXT' ? (
          model.headerText && (
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="bubble-header">
              {model.headerText}
            </Typography>
          )
        ) : (
          <MediaHeader type={model.type} url={model.mediaUrl} />
        )}
        <Typography
          variant="body2"
          component="div"
          data-testid="bubble-body"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 14.2, lineHeight: 1.45 }}
        >
          {model.body ? <StyledText text={model.body} /> : '\u00a0'}
        </Typography>
        {model.footer && (
          <Typography
            variant="caption"
            data-testid="bubble-footer"
            sx={{ color: '#667781', overflowWrap: 'anywhere', fontSize: 13 }}
          >
            {model.footer}
          </Typography>
        )}
      </Box>
      {model.buttons.length > 0 && <Buttons buttons={model.buttons} />}
    </Box>
    {model.note && (
      <Typography
        component="figcaption"
        variant="caption"
        data-testid="bubble-note"
        sx={{ display: 'block', maxWidth: 340, mx: 'auto', mt: 1, color: '#54656f', overflowWrap: 'anywhere' }}
      >
        {model.note}
      </Typography>
    )}
  </Box>
);
