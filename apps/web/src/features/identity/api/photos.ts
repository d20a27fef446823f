import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { filesBase64ResponseSchema } from '@zaymo/contract';
import { type PhotoKind } from '@zaymo/contract';
import { api, uploadWithProgress } from '@/lib/api-client';
import { identityKeys } from './keys';

/** A photo with its preview (`data_url`). */
export type ClientPhoto = z.infer<typeof filesBase64ResponseSchema>['data'][number];
export type PhotosByKind = Partial<Record<PhotoKind, ClientPhoto>>;

/** GET /files/base64: the latest photo of each kind, as data URLs for previews. */
export function useClientPhotos() {
  return useQuery({
    queryKey: identityKeys.photos(),
    queryFn: async ({ signal }) => {
      const answer = await api.get('/files/base64', { signal });
      return latestByKind(answer.data);
    },
  });
}

function latestByKind(files: ClientPhoto[]): PhotosByKind {
  const byKind: PhotosByKind = {};
  for (const file of files) {
    const known = byKind[file.kind];
    if (!known || known.id < file.id) byKind[file.kind] = file;
  }
  return byKind;
}

export type PhotoUpload = { kind: PhotoKind; file: File; onProgress: (percent: number) => void };

/** POST /files/validate (multipart kind + file) with upload progress. */
export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, file, onProgress }: PhotoUpload) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file, file.name);
      const answer = await uploadWithProgress('/files/validate', form, { onProgress });
      return answer.data.file;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: identityKeys.photos() }),
        queryClient.invalidateQueries({ queryKey: identityKeys.profile() }),
      ]),
  });
}
