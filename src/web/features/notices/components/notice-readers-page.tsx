import { AppLink } from '../../../components/app-link';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../lib/paths';
import { useSeenByUsers } from '../api/get-seen-by-users';
import { QueryState } from './query-state';

/** `/users?id=` (admins, spec section 2): the users who read the notice, or 'No Users found!'. */
export function NoticeReadersPage({ id }: { id: string }) {
  const readers = useSeenByUsers(id);
  return (
    <>
      <p>
        <AppLink href={`${paths.notificationDetails.getHref()}?id=${id}`}>The notice</AppLink>
        {' · '}
        <AppLink href={paths.supportNotices.getHref()}>Manage Support Notices</AppLink>
      </p>
      <QueryState isPending={id !== '' && readers.isPending} error={readers.error}>
        {() => {
          const users = readers.data?.users ?? [];
          if (users.length === 0) return <p>No Users found!</p>;
          return (
            <DataTable
              caption="Users who read the notice"
              columns={['User_ID', 'Name', 'Email', 'Role']}
              label="Readers"
            >
              {users.map((user) => (
                <tr key={user.User_ID}>
                  <td>{user.User_ID}</td>
                  <td>{user.name}</td>
                  <td>{user.email}</td>
                  <td>{user.role}</td>
                </tr>
              ))}
            </DataTable>
          );
        }}
      </QueryState>
    </>
  );
}
