import { type Agregado, mensagemDesjuntada, type TipoAgregacao } from '@tramite/shared';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { mensagemComDetalhe } from '../../lib/api';
import { useDesjuntar } from './api';

export const ACAO_DESFAZER: Record<TipoAgregacao, string> = { ANEXACAO: 'Desanexar', APENSACAO: 'Desapensar' };

interface DialogoDesfazerJuntadaProps {
  idDocumento: number | null;
  /** The join to undo; null while the dialog is closed. */
  agregado: Agregado | null;
  aoFechar: () => void;
}

/** Spec §4: undoing a join (desanexar, desapensar) asks first; the links are then reloaded. */
export function DialogoDesfazerJuntada({ idDocumento, agregado, aoFechar }: DialogoDesfazerJuntadaProps) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const desjuntar = useDesjuntar(idDocumento ?? 0);

  async function confirmar() {
    if (!agregado) return;
    try {
      await executar('Desfazendo a juntada', () => desjuntar.mutateAsync(agregado.idAgregado));
      snackbar.sucesso(mensagemDesjuntada(agregado.tipoAgregacao));
    } catch (falha) {
      snackbar.erro(mensagemComDetalhe('Não foi possível desfazer a juntada', falha));
    } finally {
      aoFechar();
    }
  }

  return (
    <DialogoConfirmacao
      aberto={agregado !== null}
      titulo={agregado ? `${ACAO_DESFAZER[agregado.tipoAgregacao]} documento` : ''}
      rotuloConfirmar={agregado ? ACAO_DESFAZER[agregado.tipoAgregacao] : 'Confirmar'}
      ocupado={desjuntar.isPending}
      aoCancelar={aoFechar}
      aoConfirmar={confirmar}
    >
      {agregado
        ? `Confirma que o documento ${agregado.numero} deixará de estar juntado a este? Ele volta à situação que tinha antes da juntada e permanece na unidade atual.`
        : null}
    </DialogoConfirmacao>
  );
}
