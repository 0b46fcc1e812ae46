import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Acao } from './AcoesDocumento';

/** A narrow screen's menu item: an unavailable one stays in the list, focusable, with its reason written under it. */
function ItemAcao({ acao, aoEscolher }: { acao: Acao; aoEscolher: () => void }) {
  const id = useId();
  const texto = (
    <>
      <ListItemIcon>{acao.icone}</ListItemIcon>
      <ListItemText
        primary={acao.rotulo}
        secondary={acao.motivo}
        slotProps={{ primary: { id: `${id}-rotulo` }, secondary: { id: `${id}-motivo` } }}
      />
    </>
  );
  if (acao.motivo !== null) {
    return (
      <MenuItem
        aria-disabled="true"
        aria-labelledby={`${id}-rotulo`}
        aria-describedby={`${id}-motivo`}
        onClick={(evento) => evento.preventDefault()}
        sx={{ '& .MuiListItemText-primary, & .MuiListItemIcon-root': { color: 'text.disabled' }, whiteSpace: 'normal' }}
      >
        {texto}
      </MenuItem>
    );
  }
  if (acao.para) {
    return (
      <MenuItem component={RouterLink} to={acao.para} onClick={aoEscolher}>
        {texto}
      </MenuItem>
    );
  }
  const alternavel = acao.pressionado !== undefined;
  return (
    <MenuItem
      role={alternavel ? 'menuitemcheckbox' : 'menuitem'}
      aria-checked={alternavel ? acao.pressionado : undefined}
      onClick={() => {
        aoEscolher();
        acao.aoClicar?.();
      }}
    >
      {texto}
    </MenuItem>
  );
}

/** The narrow screens' "Mais ações" menu: the actions that do not fit in the bar. */
export function MenuAcoes({
  id,
  ancora,
  acoes,
  aoFechar,
}: {
  id: string;
  ancora: HTMLElement | null;
  acoes: readonly Acao[];
  aoFechar: () => void;
}) {
  return (
    <Menu
      id={id}
      anchorEl={ancora}
      open={ancora !== null}
      onClose={aoFechar}
      slotProps={{ paper: { sx: { maxWidth: 'calc(100vw - 32px)' } } }}
    >
      {acoes.map((acao) => (
        <ItemAcao key={acao.rotulo} acao={acao} aoEscolher={aoFechar} />
      ))}
    </Menu>
  );
}
