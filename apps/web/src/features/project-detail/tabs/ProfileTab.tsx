import { Avatar, Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import {
  businessVerticals,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MIN_PX,
  projectMessages,
  type ProjectDetail,
  type UpdateBusinessProfileRequest,
} from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNotify } from '../../../ui/useNotify';
import type { ActionProps } from '../ActionSlot';
import { fetchDirectProfile, getUploadUrl, patchDirectProfile, postToStorage, updateBusinessProfile } from '../api';
import { projectKeys } from '../keys';
import { texts } from '../texts';
import { useProjectMutation } from '../useProjectMutation';

type Fields = {
  about: string;
  address: string;
  description: string;
  email: string;
  website: string;
  vertical: string;
  picture: string;
};

/** Width and height of a picked image, or null when the browser cannot read it. */
const dimensionsOf = (file: File) =>
  new Promise<{ width: number; height: number } | null>((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });

/** The spec's picture rules, checked before upload (the server checks the stored bytes again). */
const pictureProblem = async (file: File): Promise<string | null> => {
  if (!['image/jpeg', 'image/png'].includes(file.type)) return projectMessages.invalidFileFormat;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return projectMessages.imageTooLarge;
  const size = await dimensionsOf(file);
  if (!size) return projectMessages.invalidFileFormat;
  if (size.width < PROFILE_IMAGE_MIN_PX || size.height < PROFILE_IMAGE_MIN_PX) return projectMessages.imageTooSmall;
  return null;
};

const ProfileForm = ({
  project,
  initial,
  direct,
  canWrite,
}: {
  project: ProjectDetail;
  initial: Fields;
  direct: boolean;
  canWrite: boolean;
}) => {
  const notify = useNotify();
  const [f, setF] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState(initial.picture);
  const input = useRef<HTMLInputElement>(null);
  const set = (k: keyof Fields) => (e: { target: { value: string } }) =>
    setF((old) => ({ ...old, [k]: e.target.value }));

  const save = useProjectMutation(
    project._id,
    async () => {
      if (direct) {
        const websites = f.website
          .split(',')
          .map((w) => w.trim())
          .filter(Boolean);
        const changes: Record<string, unknown>[] = [];
        const pairs: [string, string, string][] = [
          ['about', f.about, initial.about],
          ['address', f.address, initial.address],
          ['description', f.description, initial.description],
          ['email', f.email, initial.email],
          ['vertical', f.vertical, initial.vertical],
          ['profile_picture_url', f.picture, initial.picture],
        ];
        for (const [k, v, was] of pairs) if (v.trim() && v !== was) changes.push({ [k]: v.trim() });
        if (websites.length && f.website !== initial.website) changes.push({ websites });
        // The DIRECT profile takes one field per call.
        let last: { message: string } = { message: projectMessages.nothingToUpdate };
        for (const change of changes) last = await patchDirectProfile({ projectId: project._id, ...change });
        return last;
      }
      const body: UpdateBusinessProfileRequest = { assistantId: project._id };
      if (f.about.trim()) body.whatsAppAbout = f.about.trim();
      if (f.address.trim()) body.address = f.address.trim();
      if (f.description.trim()) body.description = f.description.trim();
      if (f.email.trim()) body.email = f.email.trim();
      if (f.vertical) body.vertical = f.vertical as UpdateBusinessProfileRequest['vertical'];
      if (f.website.trim()) body.websites = [f.website.trim()];
      if (file) {
        const upload = await getUploadUrl(project._id, file);
        await postToStorage(upload.uploadURL, file);
        Object.assign(body, {
          whatsAppDisplayImage: upload.fullUrl,
          wasImageChanged: true,
          filePath: upload.filePath,
          type: file.type,
          size: file.size,
        });
      }
      return updateBusinessProfile(project._id, body);
    },
    { fallback: projectMessages.somethingWentWrong, onSuccess: () => setFile(null) },
  );

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    const problem = await pictureProblem(picked);
    if (problem) {
      notify.error(problem);
      return;
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Avatar src={preview || undefined} alt={texts.picture} sx={{ width: 72, height: 72 }} />
        {direct ? (
          <TextField
            label={texts.pictureUrl}
            value={f.picture}
            onChange={set('picture')}
            disabled={!canWrite}
            sx={{ flex: '1 1 240px' }}
          />
        ) : (
          <>
            <Button variant="outlined" disabled={!canWrite} onClick={() => input.current?.click()}>
              {texts.changePicture}
            </Button>
            <input
              ref={input}
              hidden
              type="file"
              accept="image/jpeg,image/png"
              data-testid="profile-picture"
              onChange={(e) => void pick(e.target.files?.[0])}
            />
          </>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <TextField
          label={texts.about}
          value={f.about}
          onChange={set('about')}
          disabled={!canWrite}
          slotProps={{ htmlInput: { maxLength: 139 } }}
        />
        <TextField select label={texts.vertical} value={f.vertical} onChange={set('vertical')} disabled={!canWrite}>
          {businessVerticals.map((v) => (
            <MenuItem key={v} value={v}>
              {v}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={texts.address}
          value={f.address}
          onChange={set('address')}
          disabled={!canWrite}
          slotProps={{ htmlInput: { maxLength: 256 } }}
        />
        <TextField
          label={texts.email}
          value={f.email}
          onChange={set('email')}
          disabled={!canWrite}
          slotProps={{ htmlInput: { maxLength: 128 } }}
        />
        <TextField
          label={texts.website}
          value={f.website}
          onChange={set('website')}
          disabled={!canWrite}
          helperText={direct ? 'Comma-separated' : ' '}
        />
        <TextField
          label={texts.description}
          value={f.description}
          onChange={set('description')}
          disabled={!canWrite}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 512 } }}
        />
      </Box>
      {canWrite && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate(undefined)}>
            {texts.save}
          </Button>
        </Box>
      )}
    </Paper>
  );
};

const DirectProfile = ({ project, canWrite }: { project: ProjectDetail; canWrite: boolean }) => {
  const { data } = useQuery({
    queryKey: projectKeys.directProfile(project._id),
    queryFn: () => fetchDirectProfile(project._id),
  });
  const p = data?.businessProfile[0];
  if (!p) return null;
  return (
    <ProfileForm
      project={project}
      direct
      canWrite={canWrite}
      initial={{
        about: p.about,
        address: p.address,
        description: p.description,
        email: p.email,
        website: p.websites.join(', '),
        vertical: p.vertical,
        picture: p.profile_picture_url,
      }}
    />
  );
};

/** The Profile tab: the business profile shown on WhatsApp (doc 2 sections 2.1 and 5.2). */
export const ProfileTab = ({ project, canWrite }: ActionProps) => {
  if (!project.isWhatsappVerified) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography>{projectMessages.wabaNotLive}</Typography>
      </Paper>
    );
  }
  if (project.partner.type === 'DIRECT') return <DirectProfile project={project} canWrite={canWrite} />;
  const bp = project.whatsAppBusinessProfile;
  return (
    <ProfileForm
      project={project}
      direct={false}
      canWrite={canWrite}
      initial={{
        about: project.whatsAppAbout ?? '',
        address: bp.address ?? '',
        description: bp.description ?? '',
        email: bp.email ?? '',
        website: bp.websites?.[0] ?? '',
        vertical: bp.vertical ?? '',
        picture: project.whatsAppDisplayImage ?? '',
      }}
    />
  );
};
