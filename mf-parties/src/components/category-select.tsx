import { useState } from 'react';
import { Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CreatePartyCategoryRequest, errorMessage, partyApi, revalidateArea } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { usePartyCategories } from './party-data';

const CREATE = '__create__';

export interface CategorySelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
}

/**
 * The party category select. Typing a name that is not in the list offers '+ Create "name"', which creates the
 * category in place and selects it.
 */
export function CategorySelect({ value, onChange, id }: CategorySelectProps) {
  const { data: categories, mutate } = usePartyCategories();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const typed = search.trim();
  const exists = (categories ?? []).some((c) => c.catagory.toLowerCase() === typed.toLowerCase());
  const options = [
    ...(categories ?? []).map((c) => ({ value: c.id, label: c.catagory })),
    ...(typed && !exists ? [{ value: CREATE, label: `+ Create "${typed}"` }] : []),
  ];

  const create = async () => {
    const parsed = CreatePartyCategoryRequest.safeParse({ catagory: typed });
    if (!parsed.success) {
      notify.error(parsed.error.issues[0].message);
      return;
    }
    setCreating(true);
    try {
      const category = await partyApi.createCategory(parsed.data);
      await mutate((list) => [...(list ?? []), category].sort((a, b) => a.catagory.localeCompare(b.catagory, 'en-IN')), {
        revalidate: false,
      });
      void revalidateArea('parties');
      notify.success(`Category ${category.catagory} created`);
      onChange?.(category.id);
      setSearch('');
    } catch (e) {
      notify.error('Could not create the category', { description: errorMessage(e) });
    } finally {
      setCreating(false);
    }
  };

  return (
    <Select
      id={id}
      value={value}
      allowClear
      loading={!categories || creating}
      disabled={creating}
      placeholder="Choose or type a new one"
      aria-label="Party category"
      options={options}
      showSearch={{ optionFilterProp: 'label', searchValue: search, onSearch: setSearch, autoClearSearchValue: true }}
      notFoundContent={categories ? 'Type a name to create a category' : 'Loading...'}
      optionRender={(option) =>
        option.value === CREATE ? (
          <span>
            <PlusOutlined /> {String(option.label).slice(2)}
          </span>
        ) : (
          option.label
        )
      }
      onChange={(next: string | undefined) => {
        if (next === CREATE) void create();
        else onChange?.(next);
      }}
    />
  );
}
