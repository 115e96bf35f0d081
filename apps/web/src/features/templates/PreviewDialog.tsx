import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { Template } from '@pc/contract';
import { useId } from 'react';
import { bubbleOfTemplate } from './bubble';
import { TemplateBubble } from './TemplateBubble';
import { templateTexts as t } from './texts';

/** A row's Preview: the template as a chat bubble (doc 2 section 2.3). */
export const PreviewDialog = ({ template, onClose }: { template: Template | null; onClose: () => void }) => {
  const titleId = useId();
  return (
    <Dialog open={Boolean(template)} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {template ? `${t.preview}: ${template.name || t.untitled}` : t.preview}
      </DialogTitle>
      <DialogContent>{template && <TemplateBubble model={bubbleOfTemplate(template)} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
    </Dialog>
  );
};
