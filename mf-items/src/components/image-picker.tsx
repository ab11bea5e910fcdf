import { useEffect, useMemo, useRef } from 'react';
import { Button, Flex, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ITEM_IMAGE_ACCEPT, ITEM_MESSAGES, MAX_ITEM_IMAGES, MAX_ITEM_IMAGE_BYTES } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';

const ALLOWED = /\.(png|jpe?g)$/i;
const isAllowedImage = (f: File) => ['image/png', 'image/jpeg'].includes(f.type) || (f.type === '' && ALLOWED.test(f.name));

export interface ImagePickerProps {
  /** URLs of saved images that stay. */
  kept: string[];
  /** Files picked now. */
  added: File[];
  onChange: (next: { kept: string[]; added: File[]; removedUrl?: string }) => void;
  toastDuration?: number;
}

/** Up to 5 PNG or JPEG images with previews; each can be removed before saving. */
export function ImagePicker({ kept, added, onChange, toastDuration }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => added.map((f) => URL.createObjectURL(f)), [added]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);
  const count = kept.length + added.length;

  const pick = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const picked = Array.from(files);
    const images = picked.filter(isAllowedImage);
    if (images.length < picked.length) notify.error(ITEM_MESSAGES.imageType, { duration: toastDuration });
    const small = images.filter((f) => f.size <= MAX_ITEM_IMAGE_BYTES);
    if (small.length < images.length) notify.error(ITEM_MESSAGES.imageTooLarge, { duration: toastDuration });
    const room = MAX_ITEM_IMAGES - count;
    if (small.length > room) notify.error(ITEM_MESSAGES.tooManyImagesPicked, { duration: toastDuration });
    const accepted = small.slice(0, Math.max(0, room));
    if (accepted.length) onChange({ kept, added: [...added, ...accepted] });
  };

  const tile = { width: 96, height: 96, borderRadius: 8, border: '1px solid #d9d9d9', overflow: 'hidden', position: 'relative' as const };
  const removeButton = (label: string, onClick: () => void) => (
    <Button
      size="small"
      danger
      shape="circle"
      icon={<DeleteOutlined />}
      aria-label={label}
      onClick={onClick}
      style={{ position: 'absolute', top: 4, right: 4 }}
    />
  );

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        {kept.map((url, i) => (
          <div key={url} style={tile}>
            <img src={url} alt={`Item image ${i + 1}`} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            {removeButton(`Remove image ${i + 1}`, () => onChange({ kept: kept.filter((k) => k !== url), added, removedUrl: url }))}
          </div>
        ))}
        {added.map((file, i) => (
          <div key={previews[i]} style={tile}>
            <img src={previews[i]} alt={file.name} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            {removeButton(`Remove image ${kept.length + i + 1}`, () => onChange({ kept, added: added.filter((f) => f !== file) }))}
          </div>
        ))}
        {count < MAX_ITEM_IMAGES ? (
          <button
            type="button"
            onClick={() => input.current?.click()}
            style={{ ...tile, borderStyle: 'dashed', background: '#fafafa', cursor: 'pointer', color: 'rgba(0,0,0,0.65)' }}
          >
            <PlusOutlined />
            <div style={{ marginTop: 4, fontSize: 12 }}>Add Images</div>
          </button>
        ) : null}
      </Flex>
      <input
        ref={input}
        type="file"
        accept={ITEM_IMAGE_ACCEPT}
        multiple
        hidden
        data-testid="item-images-input"
        aria-label="Item images"
        onChange={(e) => {
          pick(e.target.files);
          e.target.value = '';
        }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        PNG or JPEG, up to {MAX_ITEM_IMAGES} images of at most 2 MB each ({count}/{MAX_ITEM_IMAGES})
      </Typography.Text>
    </Flex>
  );
}
