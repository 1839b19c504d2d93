import { ApiError, isRecord, json, required, str } from '../api-error.js';
import type { Method } from '../context.js';
import type { DoubleFileRef } from '../types.js';
import { targetChannel } from './message-input.js';

const getUploadURLExternal: Method = ({ state, args, baseUrl }) => {
  const filename = required(args, 'filename');
  const length = Number(required(args, 'length'));
  if (!Number.isInteger(length) || length < 0) throw new ApiError('invalid_arguments');
  const id = state.nextId('F');
  state.saveFile({
    id,
    title: filename,
    name: filename,
    bytes: Buffer.alloc(0),
    uploaded: false,
    completed: false,
  });
  return { upload_url: `${baseUrl}/upload/v1/${id}`, file_id: id };
};

const completeUploadExternal: Method = ({ state, args, baseUrl }) => {
  const list = json(args, 'files');
  if (!Array.isArray(list) || list.length === 0) throw new ApiError('invalid_arguments');
  const refs: DoubleFileRef[] = list.map((entry) => {
    const id = isRecord(entry) && typeof entry.id === 'string' ? entry.id : '';
    const file = state.files.get(id);
    if (!file) throw new ApiError('file_not_found');
    if (!file.uploaded) throw new ApiError('file_upload_not_completed');
    const title = isRecord(entry) && typeof entry.title === 'string' ? entry.title : file.title;
    return { id, title, name: file.name };
  });
  const channelIds = [str(args, 'channel_id'), ...(str(args, 'channels')?.split(',') ?? [])].filter(
    (c): c is string => Boolean(c),
  );
  const channels = channelIds.map((c) => targetChannel(state, { channel: c }));
  for (const ref of refs) {
    const file = state.files.get(ref.id);
    if (file)
      state.saveFile({ ...file, title: ref.title, completed: true, channel: channels[0]?.id });
  }
  for (const channel of channels) {
    state.addMessage({
      channel: channel.id,
      ts: state.nextTs(),
      user: state.id.botUserId,
      botId: state.id.botId,
      text: str(args, 'initial_comment') ?? '',
      blocks: [],
      files: refs,
      ephemeral: false,
      threadTs: str(args, 'thread_ts'),
      edits: 0,
      via: 'files.completeUploadExternal',
    });
  }
  return {
    files: refs.map((ref) => ({
      id: ref.id,
      title: ref.title,
      name: ref.name,
      size: state.files.get(ref.id)?.bytes.length ?? 0,
      permalink: `${baseUrl}/files/${ref.id}`,
    })),
  };
};

export const fileMethods: Record<string, Method> = {
  'files.getUploadURLExternal': getUploadURLExternal,
  'files.completeUploadExternal': completeUploadExternal,
};
