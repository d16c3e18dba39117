/**
 * An image picked by the customer, uploaded with POST /api/file/upload (SPEC §7; the checks of issue 4: type
 * by its bytes, size, pixels) before the form that uses it is sent: the profile picture, a chat image. It stays
 * a hand-written call (ADR 028): the file goes first and the form then names it by id, as SPEC §7 has it.
 * SPEC §8: a failed upload is a warning toast with the server's message.
 */
import { type FileRef, FileResponseSchema } from '@core/contracts/identity';
import { useState } from 'react';
import { useToast } from '~/components/ui/toast';
import { api, errorMessage } from './api-client';

export function useImageUpload(onUploaded: (file: FileRef) => void): {
  isUploading: boolean;
  upload(files: FileList | null): Promise<void>;
} {
  const toast = useToast();
  const [isUploading, setUploading] = useState(false);
  const upload = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file || isUploading) return;
    const form = new FormData();
    form.append('file', file, file.name);
    setUploading(true);
    try {
      onUploaded(await api.post('/api/file/upload', form, FileResponseSchema));
    } catch (error) {
      toast.show({ type: 'warning', title: errorMessage(error) });
    } finally {
      setUploading(false);
    }
  };
  return { isUploading, upload };
}
