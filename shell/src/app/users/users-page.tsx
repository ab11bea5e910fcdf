import { useState } from 'react';
import { Button, Card, Flex, Form, Input, Modal, Popconfirm, Radio, Result, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import {
  InviteUserRequest,
  ROLES,
  ROLE_LABELS,
  branchApi,
  cacheKey,
  errorMessage,
  formatMobile,
  isApiError,
  revalidateArea,
  useSession,
  userApi,
  type BusinessUser,
  type Role,
} from '@bahi/shared';
import { EmptyState, ErrorState, PageHeader, TableSkeleton, notify } from '@bahi/shared/ui';

/** Who may open this screen: the roles that manage users. */
export const MANAGES_USERS: readonly Role[] = ['OWNER', 'ADMIN'];

const usersKey = cacheKey('users', 'list');

/** /settings/users: the business's users, their roles and branches; invite, edit, deactivate and activate. */
export function UsersPage() {
  const { user: me } = useSession();
  const allowed = !!me && MANAGES_USERS.includes(me.role);
  const { data, error, isLoading, mutate } = useSWR(allowed ? usersKey : null, () => userApi.list());
  const [editing, setEditing] = useState<BusinessUser | 'new' | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);

  if (!allowed) {
    return (
      <Card>
        <Result status="403" title="Users & roles" subTitle="Only an owner or admin can manage the users of this business." />
      </Card>
    );
  }

  const setActive = async (u: BusinessUser, active: boolean) => {
    setPendingId(u.id);
    try {
      await (active ? userApi.activate(u.id) : userApi.deactivate(u.id));
      notify.success(active ? `${u.name} can log in again` : `${u.name} is deactivated and logged out`);
      await revalidateArea('users');
    } catch (e) {
      notify.error(active ? 'Could not activate the user' : 'Could not deactivate the user', { description: errorMessage(e) });
    } finally {
      setPendingId(null);
    }
  };

  const mayTouch = (u: BusinessUser) => me!.role === 'OWNER' || u.role !== 'OWNER';

  const columns: TableColumnsType<BusinessUser> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, u) => (
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{u.name}</Typography.Text>
          {u.id === me!.id ? <Tag>You</Tag> : null}
        </Flex>
      ),
    },
    { title: 'Mobile', dataIndex: 'mobileNumber', width: 170, render: (m: string) => formatMobile(m) },
    { title: 'Role', dataIndex: 'role', width: 140, render: (r: Role) => ROLE_LABELS[r] },
    {
      title: 'Branches',
      key: 'branches',
      render: (_, u) => (u.allBranches ? 'All branches' : u.branches.map((b) => b.name).join(', ')),
    },
    {
      title: 'Status',
      dataIndex: 'active',
      width: 130,
      render: (active: boolean) => (active ? <Tag color="green">Active</Tag> : <Tag>Deactivated</Tag>),
    },
    {
      key: 'actions',
      align: 'right',
      width: 220,
      render: (_, u) =>
        mayTouch(u) ? (
          <Flex gap={8} justify="end">
            <Button size="small" onClick={() => setEditing(u)} aria-label={`Edit ${u.name}`}>
              Edit
            </Button>
            {u.id === me!.id ? null : u.active ? (
              <Popconfirm
                title={`Deactivate ${u.name}?`}
                description="They are logged out at once and cannot log in until activated again."
                okText="Deactivate"
                okButtonProps={{ danger: true }}
                onConfirm={() => setActive(u, false)}
              >
                <Button size="small" danger loading={pendingId === u.id} aria-label={`Deactivate ${u.name}`}>
                  Deactivate
                </Button>
              </Popconfirm>
            ) : (
              <Popconfirm
                title={`Activate ${u.name}?`}
                description="They can log in again with their mobile number."
                okText="Activate"
                onConfirm={() => setActive(u, true)}
              >
                <Button size="small" loading={pendingId === u.id} aria-label={`Activate ${u.name}`}>
                  Activate
                </Button>
              </Popconfirm>
            )}
          </Flex>
        ) : null,
    },
  ];

  const inviteButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
      Invite user
    </Button>
  );

  let body;
  if (error && !data) {
    body = <ErrorState title="Error loading users" detail={errorMessage(error)} onRetry={() => mutate()} />;
  } else if (isLoading || !data) {
    body = <TableSkeleton rows={4} />;
  } else if (data.length === 0) {
    body = <EmptyState title="No users yet" description="Invite the people who bill, keep stock or keep accounts." action={inviteButton} />;
  } else {
    body = (
      <Table<BusinessUser>
        rowKey="id"
        columns={columns}
        dataSource={data}
        size="middle"
        scroll={{ x: 900 }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Users & roles"
        subtitle={data ? `${data.filter((u) => u.active).length} active of ${data.length}` : undefined}
        extra={inviteButton}
      />
      <Card>{body}</Card>
      <UserDialog
        open={editing !== null}
        user={editing === 'new' ? undefined : (editing ?? undefined)}
        ownerRoles={me!.role === 'OWNER'}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

interface UserValues {
  name: string;
  mobileNumber: string;
  role: Role;
  where: 'all' | 'some';
  branchIds: string[];
}

const FIELDS: Record<string, keyof UserValues> = { name: 'name', mobileNumber: 'mobileNumber', role: 'role', branchIds: 'branchIds' };

/** Invite (no `user`) or edit a user: name, mobile (on invite), role and the branches they work at. */
export function UserDialog(props: { open: boolean; user?: BusinessUser; ownerRoles: boolean; onClose: () => void }) {
  const { open, user, ownerRoles, onClose } = props;
  const [form] = Form.useForm<UserValues>();
  const [saving, setSaving] = useState(false);
  const where = Form.useWatch('where', form);
  const { data: branches, isLoading: branchesLoading } = useSWR(open ? cacheKey('branches', 'list') : null, () => branchApi.list());
  const roleOptions = ROLES.filter((r) => ownerRoles || r !== 'OWNER').map((r) => ({ value: r, label: ROLE_LABELS[r] }));

  const save = async (values: UserValues) => {
    const branchesPart = values.where === 'all' ? { allBranches: true } : { allBranches: false, branchIds: values.branchIds ?? [] };
    setSaving(true);
    try {
      if (user) {
        await userApi.update(user.id, { name: values.name, role: values.role, ...branchesPart });
        notify.success(`${values.name} is saved`);
      } else {
        const body: InviteUserRequest = { name: values.name, mobileNumber: values.mobileNumber, role: values.role, ...branchesPart };
        const checked = InviteUserRequest.safeParse(body);
        if (!checked.success) {
          const issue = checked.error.issues[0];
          const field = FIELDS[String(issue.path[0])];
          if (field) form.setFields([{ name: field, errors: [issue.message] }]);
          else notify.error('Could not invite the user', { description: issue.message });
          return;
        }
        await userApi.invite(body);
        notify.success(`${values.name} is invited`, { description: 'They log in with an OTP sent to their mobile number.' });
      }
      await revalidateArea('users');
      onClose();
    } catch (e) {
      const field = isApiError(e) && e.field ? FIELDS[e.field] : undefined;
      if (field && isApiError(e)) form.setFields([{ name: field, errors: [e.message] }]);
      else notify.error(user ? 'Could not save the user' : 'Could not invite the user', { description: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={user ? `Edit ${user.name}` : 'Invite user'}
      onCancel={onClose}
      destroyOnHidden
      okText={user ? 'Save' : 'Invite'}
      okButtonProps={{ loading: saving, htmlType: 'submit', form: 'bahi-user-form' }}
      afterOpenChange={(isOpen) => {
        if (isOpen) document.getElementById('bahi-user-form_name')?.focus();
      }}
    >
      <Form<UserValues>
        id="bahi-user-form"
        name="bahi-user-form"
        form={form}
        layout="vertical"
        preserve={false}
        requiredMark="optional"
        initialValues={{
          name: user?.name ?? '',
          mobileNumber: user?.mobileNumber ?? '',
          role: user?.role ?? 'BILLER',
          where: user && !user.allBranches ? 'some' : 'all',
          branchIds: user?.branches.map((b) => b.id) ?? [],
        }}
        onFinish={save}
      >
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
          <Input maxLength={80} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Mobile number"
          name="mobileNumber"
          extra={user ? 'The mobile number they log in with cannot be changed.' : 'They log in with an OTP sent to this number.'}
          rules={[{ required: true, message: 'Mobile number is required' }]}
        >
          <Input prefix="+91" inputMode="numeric" maxLength={10} disabled={!!user} autoComplete="off" />
        </Form.Item>
        <Form.Item label="Role" name="role" rules={[{ required: true, message: 'Choose a role' }]}>
          <Select options={roleOptions} aria-label="Role" disabled={!ownerRoles && user?.role === 'OWNER'} />
        </Form.Item>
        <Form.Item label="Branches" name="where">
          <Radio.Group
            options={[
              { value: 'all', label: 'All branches' },
              { value: 'some', label: 'Some branches' },
            ]}
          />
        </Form.Item>
        {where === 'some' ? (
          <Form.Item name="branchIds" rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one branch' }]}>
            <Select
              mode="multiple"
              aria-label="Branches they work at"
              placeholder="Choose branches"
              loading={branchesLoading}
              options={(branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
              optionFilterProp="label"
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

export default UsersPage;
